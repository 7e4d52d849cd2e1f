import ArgumentParser
import BenchCore
import Cassowary
import Flexbox
import LayoutModel
import Replay
import Scene

extension Bench.Export {
  /// The text of the scene file at `path` in `format`: the file back in canonical form,
  /// the constraint system the cassowary backend's layout of it makes, or its flexbox tree.
  /// O(the file), plus one layout of it for `constraints`.
  /// - Throws: `ExitCode` 2 (unreadable or malformed, named), 3 (a table, a call the
  ///   format cannot express, the solver over a limit or unable to express the scene, or a
  ///   scene flexbox cannot express)
  ///   or 4 (the layout failed: a bug), after saying why.
  func sceneText(_ path: String) throws -> String {
    let document = try SceneInput.read(path)
    switch format {
    case .scene: return document.jsonText()
    case .constraints:
      do {
        return try document.constraintSystem(base: CassowarySolver()).jsonText()
      } catch {
        guard let reason = Self.refusal(error) else {
          StandardError.print("error: \(path): internal error: \(error)")
          throw ExitCode(4)
        }
        StandardError.print("error: \(path): cannot be written as constraints: \(reason)")
        throw ExitCode(3)
      }
    case .flex:
      do {
        return try FlexMapping.document(for: document).jsonText()
      } catch {
        StandardError.print("error: \(path): cannot be written as a flexbox tree: \(error)")
        throw ExitCode(3)
      }
    }
  }

  /// Why exporting the scene is refused (exit 3) rather than a bug (nil, exit 4).
  private static func refusal(_ error: WorkloadExportError) -> String? {
    switch error {
    case .noSingleSystem(let reason): reason
    case .recording(.inexpressible(let message)): message
    case .recording(.layout(_, .unsupported(let message))): message
    case .recording(.layout(_, .solver(.limitExceeded(let message)))): message
    case .recording, .invalidScene, .noFlexbox: nil
    }
  }
}

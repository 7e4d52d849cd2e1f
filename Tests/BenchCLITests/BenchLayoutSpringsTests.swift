import Foundation
import Testing

/// `springs-struts` through the command line: listed, laying out the scenes it can express
/// with the constraint backends' frames, refusing the others with exit status 3.
@Suite struct BenchLayoutSpringsTests {
  private static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  private func fixture(_ name: String) -> String {
    Self.root.appendingPathComponent("Tests/Fixtures/\(name).scene.json").path
  }

  /// Each state's frames by view id.
  private func frames(_ output: String) throws -> [[String: [Double]]] {
    let document = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
    let states = try #require(document["states"] as? [[String: Any]])
    return try states.map { try #require($0["frames"] as? [String: [Double]]) }
  }

  @Test func listShowsItAsALayoutOnlyBackend() throws {
    let output = try BenchProcess.run(["list"])
    #expect(output.status == 0)
    #expect(output.standardOutput.contains("\n  springs-struts  frames computed directly from autoresizing masks and stack rules"))
    #expect(
      output.standardOutput.contains(
        "bench layout: autoresizing views, stacks, tables of stack rows, scroll views of one pinned stack\n"))
  }

  @Test(arguments: [
    "a2-autoresizing-proportional", "stack-h-equal-centering", "nest-rows-of-columns", "table-stack-rows", "scroll-stack-recipe",
  ])
  func givesCassowarysFrames(_ name: String) throws {
    let output = try BenchProcess.run(["layout", fixture(name), "--backend", "springs-struts"])
    #expect(output.status == 0, "\(output.standardError)")
    #expect(output.standardOutput.contains("\"backend\": \"springs-struts\""))
    let ours = try frames(output.standardOutput)
    let reference = try frames(try BenchProcess.run(["layout", fixture(name), "--no-ambiguity"]).standardOutput)
    #expect(ours.count == reference.count)
    for (state, (a, b)) in zip(ours, reference).enumerated() {
      #expect(Set(a.keys) == Set(b.keys))
      for (view, frame) in a {
        let other = b[view] ?? []
        #expect(zip(frame, other).allSatisfy { abs($0 - $1) <= 1e-6 }, "\(name) state \(state): \(view) \(frame) vs \(other)")
      }
    }
  }

  @Test func aSceneWithConstraintsExitsWith3NamingTheFirstOne() throws {
    let scene = Self.root.appendingPathComponent("Benchmarks/scenes/formats-example.scene.json").path
    let output = try BenchProcess.run(["layout", scene, "--backend", "springs-struts"])
    #expect(output.status == 3)
    #expect(output.standardOutput.isEmpty)
    #expect(output.standardError.contains("springs-struts cannot express constraint 'titleTop' (user constraints need a solver)"))
  }
}

import Interchange
import StrictJSON

/// A user's own scene file (`layoutbench.scene/1`) as a workload of `bench run --scene`:
/// one case per backend, in the results' suite ``suiteName``.
///
/// Its workload name is the file's name without its folder and without `.scene.json` or,
/// failing that, `.json` (``workloadName(ofPath:)``); its size is the number of views the
/// file lists (the root included). Its operations are the file's `operations` when it
/// gives them (as `bench export` writes), else one per step with the step's kind as the
/// phase (``SceneDocument/measuredOperations``).
public struct SceneFile: Sendable {
  /// The `suite` of a results file of scene files.
  public static let suiteName = "scenes"

  /// The path as given on the command line.
  public let path: String
  public let workload: String
  public let document: SceneDocument

  /// - Throws: `JSONError.invalidDocument` naming `operations[i].phase` when an operation
  ///   is given the phase `build` or `firstLayout`, which the measured loop keeps for the
  ///   load and the first layout (its samples would be mixed with theirs).
  public init(path: String, document: SceneDocument) throws(JSONError) {
    for (index, operation) in (document.operations ?? []).enumerated()
    where [MeasuredTrace.buildPhase, MeasuredTrace.firstLayoutPhase].contains(operation.phase) {
      throw .invalidDocument(
        file: path, path: JSONPath.root.appending("operations").appending(index).appending("phase"),
        message: "'\(operation.phase)' is the phase of the \(operation.phase == MeasuredTrace.buildPhase ? "load" : "first layout") "
          + "in bench run; name the operation's phase otherwise")
    }
    self.path = path
    self.workload = Self.workloadName(ofPath: path)
    self.document = document
  }

  /// Decodes the file's bytes (``SceneDocument/decode(utf8:file:)``), naming it `path`.
  /// O(length), plus building the initial scene.
  /// - Throws: `JSONError` naming the file and the JSON path or line:column at fault.
  public static func decode(utf8 bytes: [UInt8], path: String) throws(JSONError) -> (file: SceneFile, warnings: [Warning]) {
    let (document, warnings) = try SceneDocument.decode(utf8: bytes, file: path)
    return (try SceneFile(path: path, document: document), warnings)
  }

  /// The views the file lists, the root included.
  public var size: Int { document.views.count }

  /// What each of its cases records as parameters: the file as given.
  public var parameters: [(key: String, value: String)] { [(key: "file", value: path)] }

  /// `feed` for `screens/feed.scene.json` and for `feed.json`; `feed.txt` for
  /// `feed.txt`. A suffix is removed only when something is left (`.json` stays `.json`).
  /// O(length).
  public static func workloadName(ofPath path: String) -> String {
    let name = path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? path
    for suffix in [".scene.json", ".json"] where name.hasSuffix(suffix) && name.count > suffix.count {
      return String(name.dropLast(suffix.count))
    }
    return name
  }
}

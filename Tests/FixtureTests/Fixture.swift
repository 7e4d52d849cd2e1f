import Foundation
import Interchange
import Scene
import StrictJSON

/// One fixture of Tests/Fixtures: a scene file and the frames it must produce
/// (Tests/Fixtures/README.md describes the pair).
struct Fixture: Sendable, CustomStringConvertible {
  struct ExpectedState: Sendable {
    var step: Int?
    /// `[x, y, width, height]` per derived view id.
    var frames: [(view: String, frame: [Double])]
    /// nil when the state leaves diagnostics unchecked.
    var diagnostics: [ExpectedDiagnostic]?
    /// nil when unchecked.
    var passes: Int?
    /// `[width, height]` per scroll view id; those not listed are unchecked.
    var contentSizes: [(view: String, size: [Double])] = []
    /// Rows not fitted, per table id; nil when unchecked, and a table not listed has none.
    var estimatedRows: [String: [String]]?
  }

  enum ExpectedDiagnostic: Hashable, Sendable {
    case ambiguous(view: String, attributes: Set<String>)
    case unsatisfiable(broken: String)
    case layoutLoop(views: Set<String>)

    func matches(_ actual: LayoutDiagnostic) -> Bool {
      switch (self, actual) {
      case (.ambiguous(let view, let attributes), .ambiguous(let actualView, let actualAttributes)):
        view == actualView && attributes == Set(actualAttributes)
      case (.unsatisfiable(let broken), .unsatisfiable(_, let actualBroken)): broken == actualBroken
      case (.layoutLoop(let views), .layoutLoop(let actualViews)): views == Set(actualViews)
      default: false
      }
    }
  }

  var name: String
  var sceneFile: String
  var backends: [String]
  var tolerance: Double
  var states: [ExpectedState]
  var description: String { name }

  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures")

  /// The fixture names (file stems), sorted.
  static let names: [String] = {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return files.filter { $0.hasSuffix(".scene.json") }.map { String($0.dropLast(".scene.json".count)) }.sorted()
  }()

  struct Malformed: Error, CustomStringConvertible {
    var description: String
  }

  /// Reads NAME.expected.json. Throws `Malformed` naming the file and field at fault.
  init(named name: String) throws {
    self.name = name
    sceneFile = Fixture.directory.appendingPathComponent("\(name).scene.json").path
    let expectedFile = Fixture.directory.appendingPathComponent("\(name).expected.json").path
    let json = try JSONValue.parse(String(contentsOfFile: expectedFile, encoding: .utf8), file: expectedFile)
    func fail(_ what: String) -> Malformed { Malformed(description: "\(expectedFile): \(what)") }
    guard case .string(name)? = json["fixture"] else { throw fail("fixture is not \"\(name)\"") }
    guard case .array(let backendValues)? = json["backends"] else { throw fail("backends missing") }
    backends = try backendValues.map { value in
      guard case .string(let backend) = value else { throw fail("backends holds a non-string") }
      return backend
    }
    guard case .number(let tolerance)? = json["tolerance"], tolerance > 0 else { throw fail("tolerance missing") }
    self.tolerance = tolerance
    guard case .array(let stateValues)? = json["states"] else { throw fail("states missing") }
    states = try stateValues.enumerated().map { index, value throws -> ExpectedState in
      let path = "states[\(index)]"
      let step: Int?
      switch value["step"] {
      case .null?: step = nil
      case .number(let n)?: step = Int(n)
      default: throw fail("\(path).step is neither null nor a number")
      }
      guard case .object(let frameMembers)? = value["frames"] else { throw fail("\(path).frames missing") }
      let frames = try frameMembers.map { member throws -> (view: String, frame: [Double]) in
        guard case .array(let parts) = member.value, parts.count == 4 else {
          throw fail("\(path).frames.\(member.key) is not [x, y, width, height]")
        }
        return (member.key, try parts.map { part in
          guard case .number(let n) = part else { throw fail("\(path).frames.\(member.key) holds a non-number") }
          return n
        })
      }
      var diagnostics: [ExpectedDiagnostic]?
      if case .array(let entries)? = value["diagnostics"] {
        diagnostics = try entries.enumerated().map { k, entry throws -> ExpectedDiagnostic in
          switch (entry["kind"], entry["views"], entry["attributes"], entry["broken"]) {
          case (.string("ambiguous")?, .array(let views)?, .array(let attributes)?, nil):
            guard views.count == 1, case .string(let view) = views[0] else { throw fail("\(path).diagnostics[\(k)].views") }
            return .ambiguous(
              view: view,
              attributes: Set(attributes.compactMap { if case .string(let a) = $0 { a } else { nil } }))
          case (.string("unsatisfiable")?, nil, nil, .string(let broken)?):
            return .unsatisfiable(broken: broken)
          case (.string("layoutLoop")?, .array(let views)?, nil, nil):
            return .layoutLoop(views: Set(views.compactMap { if case .string(let v) = $0 { v } else { nil } }))
          default:
            throw fail("\(path).diagnostics[\(k)] is not an ambiguous, unsatisfiable or layoutLoop entry")
          }
        }
      } else if value["diagnostics"] != nil {
        throw fail("\(path).diagnostics is not an array")
      }
      var state = ExpectedState(step: step, frames: frames, diagnostics: diagnostics)
      switch value["passes"] {
      case nil: break
      case .number(let n)? where n >= 1 && n.rounded() == n: state.passes = Int(n)
      default: throw fail("\(path).passes is not a count >= 1")
      }
      if let sizes = value["contentSizes"] {
        guard case .object(let members) = sizes else { throw fail("\(path).contentSizes is not an object") }
        state.contentSizes = try members.map { member throws -> (view: String, size: [Double]) in
          guard case .array(let parts) = member.value, parts.count == 2 else {
            throw fail("\(path).contentSizes.\(member.key) is not [width, height]")
          }
          return (member.key, parts.compactMap { if case .number(let n) = $0 { n } else { nil } })
        }
      }
      if let rows = value["estimatedRows"] {
        guard case .object(let members) = rows else { throw fail("\(path).estimatedRows is not an object") }
        var byTable: [String: [String]] = [:]
        for member in members {
          guard case .array(let ids) = member.value else { throw fail("\(path).estimatedRows.\(member.key) is not a list") }
          byTable[member.key] = ids.compactMap { if case .string(let id) = $0 { id } else { nil } }
        }
        state.estimatedRows = byTable
      }
      return state
    }
  }
}

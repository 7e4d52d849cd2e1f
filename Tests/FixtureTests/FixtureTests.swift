import Cassowary
import DenseSimplex
import Foundation
import Interchange
import LayoutModel
import Replay
import Scene
import SpringsAndStruts
import Testing

/// Every fixture of Tests/Fixtures on every backend it lists: frames and content sizes
/// within the fixture's tolerance, diagnostics one to one, passes and estimated rows where
/// the state gives them; and every backend it does not list must refuse the scene rather
/// than produce frames nobody checks.
@Suite struct FixtureTests {
  static let backendNames = ["cassowary", "dense-simplex", "springs-struts"]

  static let cases: [FixtureCase] = Fixture.names.flatMap { name in
    backendNames.map { FixtureCase(fixture: name, backend: $0) }
  }

  struct FixtureCase: Sendable, CustomTestStringConvertible {
    var fixture: String
    var backend: String
    var testDescription: String { "\(fixture) on \(backend)" }
  }

  @Test func everyFixtureHasItsPairAndIsIndexed() throws {
    #expect(Fixture.names.count >= 59, "found \(Fixture.names.count) fixtures in \(Fixture.directory.path)")
    let readme = try String(contentsOf: Fixture.directory.appendingPathComponent("README.md"), encoding: .utf8)
    for name in Fixture.names {
      #expect(FileManager.default.fileExists(atPath: Fixture.directory.appendingPathComponent("\(name).expected.json").path), "\(name)")
      #expect(readme.contains("`\(name)`"), "README.md does not index \(name)")
    }
  }

  @Test(arguments: cases)
  func framesAndDiagnosticsMatch(_ testCase: FixtureCase) throws {
    let fixture = try Fixture(named: testCase.fixture)
    let (document, warnings) = try SceneDocument.decode(
      utf8: Array(try Data(contentsOf: URL(fileURLWithPath: fixture.sceneFile))), file: fixture.sceneFile)
    #expect(warnings.isEmpty, "\(warnings)")
    switch testCase.backend {
    case "cassowary": try check(fixture, document, testCase) { ConstraintLayout(solver: CassowarySolver()) }
    case "dense-simplex": try check(fixture, document, testCase) { ConstraintLayout(solver: DenseSimplexSolver()) }
    case "springs-struts": try check(fixture, document, testCase) { SpringsAndStruts() }
    default: Issue.record("no backend named \(testCase.backend)")
    }
  }

  private func check<Backend: LayoutBackend>(
    _ fixture: Fixture, _ document: SceneDocument, _ testCase: FixtureCase, _ makeBackend: @escaping () -> Backend
  ) throws {
    var replay = SceneReplay(document: document, backend: makeBackend(), rowBackends: makeBackend)
    guard fixture.backends.contains(testCase.backend) else {
      #expect(throws: SceneReplayError.self, "\(testCase): a backend the fixture does not list must refuse it") {
        _ = try replay.run()
      }
      return
    }
    let states = try replay.run()
    try #require(states.count == fixture.states.count, "\(testCase): \(states.count) states, expected \(fixture.states.count)")
    for (actual, expected) in zip(states, fixture.states) {
      let label = "\(testCase), state \(expected.step.map { "after step \($0)" } ?? "initial")"
      #expect(actual.step == expected.step, "\(label): step \(String(describing: actual.step))")
      guard case .layout(let layout) = actual.outcome else {
        Issue.record("\(label): \(actual.outcome)")
        continue
      }
      let tolerance = Tolerance(absolute: fixture.tolerance, relative: 0)
      for (view, frame) in expected.frames {
        guard let actualFrame = layout.frames.first(where: { $0.view == view })?.frame else {
          Issue.record("\(label): no frame for \(view)")
          continue
        }
        let values = [actualFrame.x, actualFrame.y, actualFrame.width, actualFrame.height]
        if !zip(values, frame).allSatisfy({ tolerance.isClose($0, $1) }) {
          Issue.record("\(label): \(view) is \(values), expected \(frame)")
        }
      }
      if let passes = expected.passes, passes != layout.passes {
        Issue.record("\(label): \(layout.passes) passes, expected \(passes)")
      }
      for (view, size) in expected.contentSizes {
        guard let actual = layout.contentSizes.first(where: { $0.view == view }) else {
          Issue.record("\(label): no content size for \(view)")
          continue
        }
        if !zip([actual.width, actual.height], size).allSatisfy({ tolerance.isClose($0, $1) }) {
          Issue.record("\(label): \(view)'s content size is \([actual.width, actual.height]), expected \(size)")
        }
      }
      if let rows = expected.estimatedRows {
        let actual = Dictionary(uniqueKeysWithValues: layout.estimatedRows.map { ($0.table, $0.rows) }).filter { !$0.value.isEmpty }
        if actual != rows.filter({ !$0.value.isEmpty }) {
          Issue.record("\(label): estimated rows \(actual), expected \(rows)")
        }
      }
      if let diagnostics = expected.diagnostics {
        var unmatched = layout.diagnostics
        var missing: [Fixture.ExpectedDiagnostic] = []
        for entry in diagnostics {
          if let k = unmatched.firstIndex(where: entry.matches) { unmatched.remove(at: k) } else { missing.append(entry) }
        }
        if !missing.isEmpty || !unmatched.isEmpty {
          Issue.record("\(label): diagnostics missing \(missing), unexpected \(unmatched)")
        }
      }
    }
  }
}

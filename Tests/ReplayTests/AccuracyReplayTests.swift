import Cassowary
import Interchange
import LayoutModel
import Replay
import Testing
import TestSupport

/// A failed step leaves the solver as it was before the step, whatever failed: a refusal
/// recorded in the state, or a refusal under the accuracy contract that ends the replay.
@Suite struct AccuracyReplayTests {
  private static let text = #"""
    {"format": "layoutbench.constraints/1",
     "constraints": [{"id": "sum", "terms": {"x": 1, "y": 1}, "constant": -100, "relation": "=="},
                     {"id": "cap", "terms": {"x": 1}, "constant": -80, "relation": "<="},
                     {"id": "fx", "terms": {"x": 1, "W": -1}, "relation": "==", "priority": 500},
                     {"id": "fy", "terms": {"y": 1, "H": -1}, "relation": "==", "priority": 400}],
     "edits": [{"variable": "W", "priority": 700}, {"variable": "H", "priority": 700}],
     "steps": [{"suggest": {"W": 30, "H": 70}},
               {"setConstant": {"cap": -80, "sum": 1}},
               {"add": [{"id": "pin", "terms": {"x": 1}, "constant": -90, "relation": "=="}]},
               {"suggest": {"W": 40, "H": 1e17}}]}
    """#

  @Test func aFailedStepLeavesTheAnswerBeforeIt() throws {
    let document = try ConstraintSystemDocument.decode(Self.text, file: "r.json").document
    let solver = CassowarySolver()
    var replay = SystemReplay(document: document, solver: solver)
    _ = try replay.solveInitialSystem()
    guard case .values(let before)? = try replay.applyNextStep()?.outcome else {
      Issue.record("the first step failed")
      return
    }
    expectClose(before, [30, 70, 30, 70], tolerance: .residual)
    // Two constants moved together, then a required pin x == 90 that conflicts with
    // `cap` (x <= 80): recorded in its state, and the pin is not left behind.
    _ = try replay.applyNextStep()
    guard case .failed(.unsatisfiable)? = try replay.applyNextStep()?.outcome else {
      Issue.record("the pin past the cap was not refused")
      return
    }
    #expect(!solver.contains(ConstraintID(4)))
    // A suggestion outside the contract after one inside it in the same step: the replay
    // ends, and the first suggestion is undone too.
    let settled = values(of: solver, count: 4)
    #expect(throws: SolverError.suggestionOutOfRange(VariableID(3), 1e17)) { _ = try replay.applyNextStep() }
    try solver.solve()
    expectClose(values(of: solver, count: 4), settled, tolerance: .residual)
  }

  /// A state held only at the edge of the tolerance (x == 0 beside x <= -1e-8, reached by
  /// changing constants) cannot be rebuilt by adding its constraints afresh: a later step
  /// that fails and must undo through removal and re-adding ends the replay as an
  /// accuracy refusal naming the constraint, not as an internal error.
  @Test func anUndoThatCannotRebuildAnEdgeStateIsAnAccuracyRefusal() throws {
    let text = #"""
      {"format": "layoutbench.constraints/1",
       "constraints": [{"id": "pin", "terms": {"x": 1}, "constant": -3, "relation": "=="},
                       {"id": "cap", "terms": {"x": 1}, "constant": -3, "relation": "<="},
                       {"id": "floor", "terms": {"y": 1, "x": -1}, "relation": ">="},
                       {"id": "pull", "terms": {"y": 1}, "constant": -50, "relation": "==", "priority": 250}],
       "steps": [{"setConstant": {"pin": 0, "cap": 1e-8}}, {"setConstant": {"pin": -5, "cap": -4}}]}
      """#
    let document = try ConstraintSystemDocument.decode(text, file: "edge.json").document
    var replay = SystemReplay(document: document, solver: CassowarySolver())
    _ = try replay.solveInitialSystem()
    _ = try replay.applyNextStep()
    do {
      _ = try replay.applyNextStep()
      Issue.record("the second step neither failed nor ended the replay")
    } catch {
      #expect(error.isAccuracyRefusal, "\(error)")
      guard case .inaccurate = error else {
        Issue.record("not an inaccurate refusal: \(error)")
        return
      }
    }
  }
}

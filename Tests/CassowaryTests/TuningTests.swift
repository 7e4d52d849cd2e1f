import LayoutModel
import Testing

@testable import Cassowary

/// `Tuning`: the specifications `LAYOUTBENCH_CASSOWARY_TUNING` and the tests use, and that a
/// solver keeps its tuning.
@Suite struct TuningTests {
  @Test func specificationsNameTunings() throws {
    #expect(try Tuning(parsing: "default") == .default)
    #expect(try Tuning(parsing: "core") == .core)
    var withoutFlips = Tuning.default
    withoutFlips.heldFlips = false
    #expect(try Tuning(parsing: "-heldFlips") == withoutFlips)
    #expect(try Tuning(parsing: "default-heldFlips") == withoutFlips)
    var flipsAlone = Tuning.core
    flipsAlone.heldFlips = true
    #expect(try Tuning(parsing: "core+heldFlips") == flipsAlone)
    for name in Tuning.switchNames {
      #expect(Tuning.core[switch: name] == false && Tuning.default[switch: name] == true, "\(name)")
    }
  }

  @Test func theDescriptionParsesBackToTheSameTuning() throws {
    var mixed = Tuning.default
    mixed.sharedRows = false
    mixed.evaluationProgram = false
    for tuning in [Tuning.default, .core, mixed] {
      #expect(try Tuning(parsing: tuning.description) == tuning, "\(tuning)")
    }
    #expect(mixed.description == "-sharedRows-evaluationProgram")
    var few = Tuning.core
    few.localPivots = true
    #expect(few.description == "core+localPivots")
  }

  @Test(arguments: ["", "fast", "core,heldFlips", "-noSuchSwitch", "core+"])
  func malformedSpecificationsAreRefused(_ specification: String) {
    #expect(throws: Tuning.ParseError.self) { try Tuning(parsing: specification) }
  }

  @Test func aCopyKeepsItsTuning() throws {
    let solver = CassowarySolver(tuning: .core)
    let x = VariableID(0)
    try solver.add(Constraint(id: ConstraintID(0), LinearExpression([Term(x, 1)], constant: -5), .equal))
    let copy = solver.copy()
    #expect(copy.tuning == .core)
    #expect(copy.value(of: x) == 5)
  }
}

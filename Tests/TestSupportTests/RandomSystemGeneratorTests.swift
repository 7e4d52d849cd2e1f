import LayoutModel
import TestSupport
import Testing

@Suite("RandomSystemGenerator")
struct RandomSystemGeneratorTests {
  @Test func sameSeedSameSystem() {
    let knobs = SystemKnobs(variableCount: 4, constraintCount: 12, degenerateRate: 0.5)
    for seed: UInt64 in [0, 1, 99, .max] {
      let a = RandomSystemGenerator.system(seed: seed, knobs: knobs)
      let b = RandomSystemGenerator.system(seed: seed, knobs: knobs)
      #expect(a == b)
      #expect(a.description == b.description)
    }
  }

  @Test func differentSeedsDiffer() {
    let systems = (0..<20).map { RandomSystemGenerator.system(seed: UInt64($0)).constraints }
    #expect(Set(systems.map { $0.map(render).joined() }).count == 20)
  }

  @Test func descriptionNamesTheSeed() {
    let system = RandomSystemGenerator.system(seed: 0xBEEF)
    #expect(system.description.contains("seed 48879 (0xbeef)"))
    #expect(system.description.contains(render(system.constraints[0])))
  }

  /// Without degenerate cases every constraint follows the knobs exactly.
  @Test(arguments: [1, 2, 4])
  func knobsAreRespected(variableCount: Int) {
    let shape = ConstraintShape(
      inequalityFraction: 0.5, requiredFraction: 0.3, maximumCoefficient: 2, constantMagnitude: 7,
      randomPriorityRate: 0.2)
    var required = 0
    var inequalities = 0
    var total = 0
    var randomPriorities = 0
    for seed: UInt64 in 0..<100 {
      let knobs = SystemKnobs(
        variableCount: variableCount, constraintCount: 9, shape: shape, degenerateRate: 0)
      let system = RandomSystemGenerator.system(seed: seed, knobs: knobs)
      #expect(system.constraints.count == 9)
      #expect(system.constraints.map(\.id) == (0..<9).map { ConstraintID($0) })
      #expect(system.degeneracies.isEmpty)
      #expect(system.pins.count == variableCount)
      for constraint in system.constraints {
        let terms = constraint.expression.terms
        #expect(!terms.isEmpty && terms.count <= min(3, variableCount))
        #expect(Set(terms.map(\.variable)).count == terms.count, "distinct variables")
        #expect(terms.first.map { $0.coefficient != 0 } == true, "first coefficient nonzero")
        #expect(terms.allSatisfy { $0.variable.index < variableCount && abs($0.coefficient) <= 2 })
        #expect(terms.allSatisfy { $0.coefficient == $0.coefficient.rounded() })
        let constant = constraint.expression.constant
        #expect(abs(constant) <= 7 && constant == constant.rounded())
        #expect(constraint.priority.isValid)
        let palette = RandomSystemGenerator.priorityPalette
        if !palette.contains(constraint.priority.value) { randomPriorities += 1 }
        if constraint.priority.isRequired { required += 1 }
        if constraint.relation != .equal { inequalities += 1 }
        total += 1
      }
    }
    // 900 constraints: required ~ 270, inequalities ~ 450, random priorities ~ 0.7·0.2·900.
    #expect(abs(required - 270) < 60, "\(required) required of \(total)")
    #expect(abs(inequalities - 450) < 75, "\(inequalities) inequalities of \(total)")
    #expect(abs(randomPriorities - 126) < 45, "\(randomPriorities) random priorities")
  }

  @Test func extremeFractions() {
    let allRequiredEqualities = SystemKnobs(
      constraintCount: 10, shape: ConstraintShape(inequalityFraction: 0, requiredFraction: 1),
      degenerateRate: 0)
    let allOptionalInequalities = SystemKnobs(
      constraintCount: 10, shape: ConstraintShape(inequalityFraction: 1, requiredFraction: 0),
      degenerateRate: 0)
    for seed: UInt64 in 0..<20 {
      let a = RandomSystemGenerator.system(seed: seed, knobs: allRequiredEqualities).constraints
      #expect(a.allSatisfy { $0.priority.isRequired && $0.relation == .equal })
      let b = RandomSystemGenerator.system(seed: seed, knobs: allOptionalInequalities).constraints
      #expect(b.allSatisfy { !$0.priority.isRequired && $0.relation != .equal })
    }
  }

  /// Pins come from their own stream: the same for any constraint knobs, integers in range.
  @Test func pinsDependOnSeedOnly() {
    let a = RandomSystemGenerator.system(
      seed: 5, knobs: SystemKnobs(variableCount: 3, constraintCount: 2))
    let b = RandomSystemGenerator.system(
      seed: 5, knobs: SystemKnobs(variableCount: 3, constraintCount: 11))
    #expect(a.pins == b.pins)
    #expect(a.pins == RandomSystemGenerator.pins(seed: 5, variableCount: 3))
    #expect(a.pins.allSatisfy { abs($0) <= 20 && $0 == $0.rounded() })
    #expect(
      RandomSystemGenerator.pins(seed: 5, variableCount: 3)
        != RandomSystemGenerator.pins(seed: 6, variableCount: 3))
  }

  @Test func pinConstraintsStandForThePins() {
    let pins: [Double] = [3, -4]
    let constraints = RandomSystemGenerator.pinConstraints(
      pins, priority: Priority(0.5), firstID: ConstraintID(10))
    #expect(constraints.map(\.id) == [ConstraintID(10), ConstraintID(11)])
    // Each holds exactly at its pin.
    for (j, c) in constraints.enumerated() {
      expectClose(c.violation { $0.index == j ? pins[j] : 100 }, 0)
      #expect(c.priority == Priority(0.5) && c.relation == .equal)
    }
  }

  /// Every kind of degenerate case shows up, and each is what it claims to be.
  @Test func degenerateCasesAreWhatTheyClaim() {
    let knobs = SystemKnobs(
      variableCount: 3, constraintCount: 10, shape: ConstraintShape(requiredFraction: 0.4),
      degenerateRate: 0.6)
    var kinds = Set<Degeneracy>()
    for seed: UInt64 in 0..<150 {
      let system = RandomSystemGenerator.system(seed: seed, knobs: knobs)
      #expect(system.constraints.count == 10)
      #expect(system.constraints.map(\.id) == (0..<10).map { ConstraintID($0) })
      let byID = Dictionary(uniqueKeysWithValues: system.constraints.map { ($0.id, $0) })
      for injected in system.degeneracies {
        kinds.insert(injected.kind)
        let parts = injected.ids.compactMap { byID[$0] }
        check(injected.kind, parts, in: system)
      }
    }
    #expect(kinds == Set(Degeneracy.allCases))
  }

  private func check(_ kind: Degeneracy, _ parts: [Constraint], in system: GeneratedSystem) {
    let pins = system.pins
    let n = system.variableCount
    switch kind {
    case .duplicate:
      guard let copy = parts.first else {
        Issue.record("no constraint\n\(system)")
        return
      }
      #expect(
        system.constraints.contains {
          $0.id != copy.id && $0.expression == copy.expression && $0.relation == copy.relation
            && $0.priority == copy.priority
        }, "\(system)")
    case .contradictoryRequiredPair:
      #expect(parts.count == 2 && parts.allSatisfy(\.priority.isRequired))
      #expect(
        LexicographicOracle.solve(parts, variableCount: n, pins: pins).isInfeasible, "\(system)")
    case .conflictingTie:
      #expect(parts.count == 2 && parts[0].priority == parts[1].priority)
      #expect(!parts[0].priority.isRequired)
      let result = LexicographicOracle.solve(parts, variableCount: n, pins: pins)
      #expect((result.priorityLevels.first?.error ?? 0) > 0.5, "\(result)\n\(system)")
    case .redundantRequired:
      // Removing the combination leaves the optimum of everything before it unchanged.
      guard let redundant = parts.first, parts.count == 1 else {
        Issue.record("expected one redundant constraint\n\(system)")
        return
      }
      let before = system.constraints.filter { $0.id < redundant.id }
      let with = LexicographicOracle.solve(before + [redundant], variableCount: n, pins: pins)
      let without = LexicographicOracle.solve(before, variableCount: n, pins: pins)
      #expect(with.isInfeasible == without.isInfeasible, "\(system)")
      expectClose(
        with.priorityLevels.map(\.error) + [with.pinError ?? 0],
        without.priorityLevels.map(\.error) + [without.pinError ?? 0], "\(system)")
    case .noTerms:
      #expect(parts.count == 1 && parts[0].expression.terms.isEmpty)
    case .zeroCoefficients:
      let terms = parts.first?.expression.terms ?? []
      #expect(!terms.isEmpty && terms.allSatisfy { $0.coefficient == 0 })
    case .repeatedVariable:
      let terms = parts.first?.expression.terms ?? []
      #expect(Set(terms.map(\.variable)).count < terms.count, "\(system)")
    }
  }
}

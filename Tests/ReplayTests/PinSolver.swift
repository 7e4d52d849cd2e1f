import LayoutModel

/// A test-only ``LinearSolver`` that solves exactly the systems made of "pins":
/// single-variable equalities `a * x + c == 0`, plus edit variables. Anything else is
/// refused as unsatisfiable on its own (an ordinary, recorded refusal; `limitExceeded`
/// would end a replay).
///
/// A variable takes the value of its strongest pin: required pins first, then the highest
/// priority among its optional pins and its edit variable, the earlier added winning a
/// tie; a variable with none reads 0. Two required pins on one variable with different
/// values are unsatisfiable. Every call is logged in ``calls``, and ``failure`` can make
/// any call throw, so tests can break a step midway and watch the replay undo it.
final class PinSolver: LinearSolver {
  static let backendName = "pin"

  enum Call: Hashable {
    case add(ConstraintID)
    case remove(ConstraintID)
    case setConstant(ConstraintID, Double)
    case setPriority(ConstraintID, Priority)
    case addEditVariable(VariableID)
    case suggestValue(VariableID, Double)
    case solve
  }

  private(set) var calls: [Call] = []
  /// Decides, before a call does anything, whether it throws instead.
  var failure: (Call) -> SolverError? = { _ in nil }
  /// What `value(of:)` returns for these variables, whatever the pins say.
  var overriddenValues: [VariableID: Double] = [:]

  private var constraints: [ConstraintID: Constraint] = [:]
  /// Present constraints in the order they were added; decides ties.
  private var order: [ConstraintID] = []
  private var edits: [VariableID: (priority: Priority, value: Double, serial: Int)] = [:]
  private var serial = 0
  private var constraintSerials: [ConstraintID: Int] = [:]

  init() {}

  private func log(_ call: Call) throws(SolverError) {
    calls.append(call)
    if let error = failure(call) { throw error }
  }

  /// The pinned variable and its value, or nil when the constraint is not a pin.
  private static func pin(_ constraint: Constraint) -> (VariableID, Double)? {
    let terms = constraint.expression.normalized().terms
    guard constraint.relation == .equal, terms.count == 1 else { return nil }
    return (terms[0].variable, -constraint.expression.constant / terms[0].coefficient)
  }

  /// A required pin already present that disagrees with `constraint`.
  private func requiredConflict(with constraint: Constraint) -> ConstraintID? {
    guard constraint.priority.isRequired, let (variable, value) = Self.pin(constraint) else { return nil }
    return order.first { id in
      guard id != constraint.id, let other = constraints[id], other.priority.isRequired,
        let (otherVariable, otherValue) = Self.pin(other)
      else { return false }
      return otherVariable == variable && abs(otherValue - value) > 1e-9
    }
  }

  func add(_ constraint: Constraint) throws(SolverError) {
    try log(.add(constraint.id))
    guard constraints[constraint.id] == nil else { throw .duplicateConstraint(constraint.id) }
    guard constraint.priority.isValid else { throw .invalidPriority(constraint.id, constraint.priority.value) }
    for term in constraint.expression.terms where !term.coefficient.isFinite {
      throw .nonFiniteCoefficient(constraint.id, term.variable)
    }
    guard constraint.expression.constant.isFinite else { throw .nonFiniteConstant(constraint.id) }
    guard Self.pin(constraint) != nil else {
      throw .unsatisfiable(constraint.id, conflicts: [])
    }
    if let other = requiredConflict(with: constraint) {
      throw .unsatisfiable(constraint.id, conflicts: [other])
    }
    constraints[constraint.id] = constraint
    order.append(constraint.id)
    serial += 1
    constraintSerials[constraint.id] = serial
  }

  func remove(_ id: ConstraintID) throws(SolverError) {
    try log(.remove(id))
    guard constraints.removeValue(forKey: id) != nil else { throw .unknownConstraint(id) }
    order.removeAll { $0 == id }
  }

  func contains(_ id: ConstraintID) -> Bool { constraints[id] != nil }

  func setConstant(_ constant: Double, of id: ConstraintID) throws(SolverError) {
    try log(.setConstant(id, constant))
    guard var constraint = constraints[id] else { throw .unknownConstraint(id) }
    guard constant.isFinite else { throw .nonFiniteConstant(id) }
    constraint.expression.constant = constant
    if let other = requiredConflict(with: constraint) { throw .unsatisfiable(id, conflicts: [other]) }
    constraints[id] = constraint
  }

  func setPriority(_ priority: Priority, of id: ConstraintID) throws(SolverError) {
    try log(.setPriority(id, priority))
    guard let constraint = constraints[id] else { throw .unknownConstraint(id) }
    guard priority.isValid else { throw .invalidPriority(id, priority.value) }
    guard !priority.isRequired && !constraint.priority.isRequired else { throw .requiredPriorityChange(id) }
    constraints[id]?.priority = priority
  }

  func addEditVariable(_ variable: VariableID, priority: Priority) throws(SolverError) {
    try log(.addEditVariable(variable))
    guard edits[variable] == nil else { throw .duplicateEditVariable(variable) }
    guard priority.value.isFinite, priority.value > 0 else { throw .invalidEditPriority(variable, priority.value) }
    guard !priority.isRequired else { throw .requiredEditPriority(variable) }
    serial += 1
    edits[variable] = (priority, value(of: variable), serial)
  }

  func removeEditVariable(_ variable: VariableID) throws(SolverError) {
    guard edits.removeValue(forKey: variable) != nil else { throw .unknownEditVariable(variable) }
  }

  func hasEditVariable(_ variable: VariableID) -> Bool { edits[variable] != nil }

  func suggestValue(_ value: Double, for variable: VariableID) throws(SolverError) {
    try log(.suggestValue(variable, value))
    guard edits[variable] != nil else { throw .unknownEditVariable(variable) }
    guard value.isFinite else { throw .nonFiniteSuggestion(variable) }
    edits[variable]?.value = value
  }

  func solve() throws(SolverError) {
    try log(.solve)
  }

  func value(of variable: VariableID) -> Double {
    if let value = overriddenValues[variable] { return value }
    // (priority, serial, value): the highest priority wins, then the lowest serial.
    var best: (priority: Priority, serial: Int, value: Double)? = nil
    func consider(_ priority: Priority, _ serial: Int, _ value: Double) {
      if let current = best, current.priority > priority || (current.priority == priority && current.serial < serial) {
        return
      }
      best = (priority, serial, value)
    }
    for id in order {
      guard let constraint = constraints[id], let (pinned, value) = Self.pin(constraint), pinned == variable else {
        continue
      }
      consider(constraint.priority, constraintSerials[id] ?? 0, value)
    }
    if let edit = edits[variable] { consider(edit.priority, edit.serial, edit.value) }
    return best?.value ?? 0
  }

  var counters: SolverCounters {
    var counters = SolverCounters()
    counters.rows = constraints.count
    counters.symbols = constraints.count + edits.count
    return counters
  }
}

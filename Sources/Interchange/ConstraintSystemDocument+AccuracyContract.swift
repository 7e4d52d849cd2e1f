import LayoutModel
import StrictJSON

extension ConstraintSystemDocument {
  /// The first number of the file outside the accuracy contract (`AccuracyContract`), in
  /// file order — initial constraints, then each step — with its JSON path; nil when every
  /// coefficient, constant and suggested value lies within it and the file as a whole
  /// stays within the joint bound (`MagnitudeRecord`). `bench solve` refuses such
  /// a file before solving (exit status 3), so that no state is answered from a system the
  /// backends cannot hold accurately; the backends refuse the same numbers one call at a
  /// time, for callers that skip this check.
  /// - Complexity: O(size of the document); allocates only the path of a refusal.
  public func accuracyRefusal() -> AccuracyRefusal? {
    // What the backends record as they are given the file's numbers in order, for the
    // joint bound; it only grows, as theirs does.
    var record = MagnitudeRecord()
    for (index, constraint) in constraints.enumerated() {
      let path = JSONPath.root.appending("constraints").appending(index)
      if let refusal = accuracyRefusal(of: constraint, at: path) { return refusal }
      if let error = record.admit(constraint) { return refusal(error, at: path) }
    }
    for (index, step) in steps.enumerated() {
      let path = JSONPath.root.appending("steps").appending(index)
      switch step {
      case .suggest(let entries):
        for (variable, value) in entries {
          let entryPath = path.appending("suggest").appending(name(of: variable))
          if let error = AccuracyContract.violation(suggestion: value, for: variable) {
            return refusal(error, at: entryPath)
          }
          if let error = record.admit(suggestion: value, for: variable) { return refusal(error, at: entryPath) }
        }
      case .setConstant(let entries):
        for (id, constant) in entries {
          let entryPath = path.appending("setConstant").appending(name(of: id))
          if let error = AccuracyContract.violation(constant: constant, of: id) {
            return refusal(error, at: entryPath)
          }
          if let error = record.admit(constant: constant, of: id) { return refusal(error, at: entryPath) }
        }
      case .add(let added):
        for (position, constraint) in added.enumerated() {
          let entryPath = path.appending("add").appending(position)
          if let refusal = accuracyRefusal(of: constraint, at: entryPath) { return refusal }
          if let error = record.admit(constraint) { return refusal(error, at: entryPath) }
        }
      case .setPriority, .remove:
        continue
      }
    }
    return nil
  }

  /// A constraint's first coefficient (in term order), the spread of its coefficients (at
  /// the smallest) or its constant outside the contract. O(terms).
  private func accuracyRefusal(of constraint: Constraint, at path: JSONPath) -> AccuracyRefusal? {
    guard let error = AccuracyContract.violation(of: constraint) else { return nil }
    switch error {
    case .coefficientOutOfRange(_, let variable, _):
      return refusal(error, at: path.appending("terms").appending(name(of: variable)))
    case .coefficientSpreadOutOfRange(_, let smallest, _):
      return refusal(error, at: path.appending("terms").appending(name(of: smallest.variable)))
    default:
      break
    }
    return refusal(error, at: path.appending("constant"))
  }

  private func refusal(_ error: SolverError, at path: JSONPath) -> AccuracyRefusal {
    AccuracyRefusal(path: path, message: error.message(names: self))
  }
}

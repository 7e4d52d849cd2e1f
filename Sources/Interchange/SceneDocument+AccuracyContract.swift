import LayoutModel
import StrictJSON

extension SceneDocument {
  /// The first number of a scene file outside the accuracy contract (`AccuracyContract`),
  /// in file order, with its JSON path; nil when every length and multiplier lies within
  /// it. Every number a scene gives ends up in solver constants (lengths: sizes, positions,
  /// constants, spacing, margins, insets, text metrics, offsets) or coefficients
  /// (multipliers), so lengths are held to the contract's largest constant and nonzero
  /// multipliers to its largest coefficient ratio (a multiplier sits beside coefficients
  /// of 1); priorities, hugging, compression resistance,
  /// `maxLines`, `setTextScale` and the `workload`/`operations` extensions are not solver
  /// numbers and are not checked here. Checking the file before lowering also keeps
  /// lowering's own arithmetic (a multiplier times an inset, a spacing times a count) far
  /// from overflow.
  ///
  /// Lowering adds lengths together and multiplies them by multipliers, so a lowered
  /// constant may still leave the contract; the constraint backends refuse that
  /// constraint by name when it is added.
  /// - Complexity: O(size of the document); allocates the path of each container visited.
  static func accuracyRefusal(in root: JSONValue) -> AccuracyRefusal? {
    walk(root, at: .root, role: .length, keysAreIDs: false, owner: nil)
  }

  /// What a number at some place means to the solver.
  private enum Role {
    case length
    case multiplier
    case unchecked
  }

  /// Keys whose subtree holds no solver number.
  private static let uncheckedKeys: Set<String> = [
    "priority", "hugging", "compressionResistance", "maxLines", "setTextScale", "workload", "operations",
    "setPriority", "setHugging", "setCompressionResistance",
  ]

  /// Keys whose object value is keyed by ids (views or constraints), not by field names:
  /// its keys say nothing about what its numbers mean.
  private static let idKeyedMaps: Set<String> = [
    "setConstant", "setPriority", "setHugging", "setCompressionResistance", "setHidden", "setIntrinsicSize",
    "setStack", "setText", "scrollTo", "customSpacing",
  ]

  private static func walk(
    _ value: JSONValue, at path: JSONPath, role: Role, keysAreIDs: Bool, owner: String?
  ) -> AccuracyRefusal? {
    switch value {
    case .number(let number):
      return refusal(of: number, at: path, role: role, owner: owner)
    case .array(let elements):
      for (index, element) in elements.enumerated() {
        if let found = walk(element, at: path.appending(index), role: role, keysAreIDs: false, owner: owner) {
          return found
        }
      }
      return nil
    case .object(let members):
      var owner = owner
      if !keysAreIDs, case .string(let id)? = JSONReader.member("id", of: members) { owner = id }
      for (key, member) in members {
        var memberRole = role
        var memberOwner = owner
        if keysAreIDs {
          memberOwner = key
        } else if uncheckedKeys.contains(key) {
          memberRole = .unchecked
        } else if key == "multiplier" {
          memberRole = .multiplier
        }
        let found = walk(
          member, at: path.appending(key), role: memberRole,
          keysAreIDs: !keysAreIDs && idKeyedMaps.contains(key), owner: memberOwner)
        if let found { return found }
      }
      return nil
    case .null, .bool, .string:
      return nil
    }
  }

  private static func refusal(of number: Double, at path: JSONPath, role: Role, owner: String?) -> AccuracyRefusal? {
    let subject = owner.map { " (of '\($0)')" } ?? ""
    switch role {
    case .unchecked:
      return nil
    case .multiplier:
      guard !AccuracyContract.isMultiplierWithin(number) else { return nil }
      return AccuracyRefusal(
        path: path,
        message: "the multiplier \(number)\(subject) is outside the accuracy contract, which takes zero or "
          + "magnitudes in \(AccuracyContract.multiplierRangeText)")
    case .length:
      guard !AccuracyContract.isConstantWithin(number) else { return nil }
      return AccuracyRefusal(
        path: path,
        message: "\(number)\(subject) is outside the accuracy contract, which takes lengths of magnitude up to "
          + "\(AccuracyContract.largestConstantText)")
    }
  }
}

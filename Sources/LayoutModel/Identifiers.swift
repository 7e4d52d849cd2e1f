/// A variable of a linear system, identified by a dense non-negative integer.
///
/// Ids are chosen by the caller (a scene lowering, a file reader) and are expected to be
/// dense: solvers keep per-variable facts in arrays indexed by `rawValue`, so their memory
/// is proportional to the largest id in use, not to the number of ids.
public struct VariableID: Hashable, Comparable, Sendable, CustomStringConvertible {
  public var rawValue: Int32

  @inlinable
  public init(_ rawValue: Int32) {
    precondition(rawValue >= 0, "VariableID must be non-negative")
    self.rawValue = rawValue
  }

  @inlinable
  public init(_ rawValue: Int) { self.init(Int32(rawValue)) }

  @inlinable
  public var index: Int { Int(rawValue) }

  @inlinable
  public static func < (lhs: VariableID, rhs: VariableID) -> Bool { lhs.rawValue < rhs.rawValue }

  public var description: String { "v\(rawValue)" }
}

/// A constraint of a linear system, identified by a dense non-negative integer.
///
/// The same density rule as for ``VariableID`` applies. An id names whichever constraint is
/// currently present under it: after a constraint is removed its id may be reused.
public struct ConstraintID: Hashable, Comparable, Sendable, CustomStringConvertible {
  public var rawValue: Int32

  @inlinable
  public init(_ rawValue: Int32) {
    precondition(rawValue >= 0, "ConstraintID must be non-negative")
    self.rawValue = rawValue
  }

  @inlinable
  public init(_ rawValue: Int) { self.init(Int32(rawValue)) }

  @inlinable
  public var index: Int { Int(rawValue) }

  @inlinable
  public static func < (lhs: ConstraintID, rhs: ConstraintID) -> Bool { lhs.rawValue < rhs.rawValue }

  public var description: String { "c\(rawValue)" }
}

/// The priority of a constraint or edit variable, a finite number in (0, 1000].
///
/// 1000 means required: the constraint must hold. Lower values are optional and ranked
/// **strictly lexicographically** (formats.md section 1): no amount of error at lower
/// priorities may buy any reduction of error at a higher one. Two priorities are the same
/// level only when their values are equal, so 750 and 750.5 are different levels.
public struct Priority: Hashable, Comparable, Sendable, CustomStringConvertible {
  public var value: Double

  @inlinable
  public init(_ value: Double) { self.value = value }

  public static let required = Priority(1000)
  public static let defaultHigh = Priority(750)
  public static let defaultLow = Priority(250)

  /// Whether the value lies in (0, 1000] and is finite.
  @inlinable
  public var isValid: Bool { value.isFinite && value > 0 && value <= 1000 }

  @inlinable
  public var isRequired: Bool { value >= 1000 }

  @inlinable
  public static func < (lhs: Priority, rhs: Priority) -> Bool { lhs.value < rhs.value }

  public var description: String {
    // Int64(exactly:) rather than rounded(): the latter needs libm, which a stdlib-only
    // module does not link.
    if abs(value) < 1e15, let integral = Int64(exactly: value) { return String(integral) }
    return String(value)
  }
}

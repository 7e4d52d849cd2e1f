/// The one rule for "close enough" on computed doubles, used by solvers, checkers and tests.
///
/// `a` and `b` are close when `|a - b| <= absolute` **or**
/// `|a - b| <= relative * max(|a|, |b|, scale)`. The absolute bound covers values near
/// zero, the relative one large magnitudes; `scale` lets a caller judge a residual against
/// the magnitudes that produced it (a residual of 1e-7 is noise when the terms are 1e4).
/// Closeness is not transitive, so it is never an `Equatable` conformance.
public struct Tolerance: Hashable, Sendable {
  public var absolute: Double
  public var relative: Double

  @inlinable
  public init(absolute: Double, relative: Double) {
    self.absolute = absolute
    self.relative = relative
  }

  /// Residuals of required constraints (formats.md section 1: 1e-6 relative to the
  /// magnitudes involved).
  public static let residual = Tolerance(absolute: 1e-6, relative: 1e-6)
  /// Comparing two solvers' values or error sums.
  public static let comparison = Tolerance(absolute: 1e-6, relative: 1e-7)

  @inlinable
  public func isClose(_ a: Double, _ b: Double, scale: Double = 0) -> Bool {
    if a == b { return true }
    let difference = abs(a - b)
    if difference <= absolute { return true }
    return difference <= relative * max(abs(a), abs(b), abs(scale))
  }

  /// Whether `value` is zero within the tolerance, judged against `scale`.
  @inlinable
  public func isZero(_ value: Double, scale: Double = 0) -> Bool {
    isClose(value, 0, scale: scale)
  }
}

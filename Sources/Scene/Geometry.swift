/// A rectangle `[x, y, width, height]`, origin top-left, y growing downward, in points.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
  public var x: Double
  public var y: Double
  public var width: Double
  public var height: Double

  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

  public var description: String { "(\(x), \(y), \(width), \(height))" }
}

/// Insets `[top, left, bottom, right]`, the order of formats.md section 2.
public struct EdgeInsets: Hashable, Sendable {
  public var top: Double
  public var left: Double
  public var bottom: Double
  public var right: Double

  public init(top: Double, left: Double, bottom: Double, right: Double) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }

  public static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
  /// All four are zero. Field by field: `== .zero` goes through `Equatable` generically in
  /// debug builds and allocated there, on a path layout passes take per view.
  public var isZero: Bool { top == 0 && left == 0 && bottom == 0 && right == 0 }
  /// UIKit's default layout margins.
  public static let defaultMargins = EdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
}

/// A layout axis.
public enum Axis: String, Hashable, Comparable, Sendable, CaseIterable {
  case horizontal
  case vertical

  public var other: Axis { self == .horizontal ? .vertical : .horizontal }

  public static func < (a: Axis, b: Axis) -> Bool { a == .horizontal && b == .vertical }
}

/// A value per axis: hugging or compression resistance priorities, intrinsic sizes.
public struct AxisPair<Value: Hashable & Sendable>: Hashable, Sendable {
  public var horizontal: Value
  public var vertical: Value

  public init(horizontal: Value, vertical: Value) {
    self.horizontal = horizontal
    self.vertical = vertical
  }

  public subscript(axis: Axis) -> Value {
    get { axis == .horizontal ? horizontal : vertical }
    set {
      if axis == .horizontal { horizontal = newValue } else { vertical = newValue }
    }
  }
}

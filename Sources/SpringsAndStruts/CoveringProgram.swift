/// A small linear program of the one shape springs-struts cannot settle by allocation:
/// minimise `Σ cost_j · x_j` lexicographically subject to covering rows
/// `Σ_j A_ig(j) · x_j >= e_i` with `A >= 0`, and `0 <= x_j <= upper_j`. An `equalCentering`
/// stack with too little room is one (``LayoutEngine`` builds it): a column is one piece of
/// one view's shrinking, a group is a view, a row is one gap's minimum (docs/springs-and-struts.md).
///
/// Costs are slope vectors over the priority levels (highest first), compared as in
/// ``CostArena``. Solved by the bounded dual simplex on a dense tableau (see
/// CoveringProgram+DualSimplex): shrinking nothing is optimal for the costs alone (every
/// cost is >= 0), so the dual simplex starts there and only has to restore the rows.
///
/// Buffers are reused: once they have grown to a stack's needs, a solve allocates nothing.
struct CoveringProgram {
  enum Outcome: Equatable {
    case optimal
    /// No `x` within the bounds covers the rows (the constraint backends would break one).
    case infeasible
    /// The optimum is not unique in the group totals (the constraint backends would
    /// report ambiguity and may return any of the optima).
    case ambiguous
    /// The iteration limit was reached (cycling or numerical trouble): no answer.
    case unsolved
  }

  private(set) var rows = 0
  private(set) var groups = 0
  /// Levels per cost vector.
  private(set) var width = 1
  /// `coefficient[i · groups + g]`: A, row-major.
  var coefficient: [Double] = []
  var requirement: [Double] = []
  /// Per structural column: its group and upper bound (its lower bound is 0).
  var groupOf: [Int32] = []
  var upper: [Double] = []
  /// `cost[j · width ..< (j + 1) · width]`: column j's cost vector; reduced costs during
  /// the solve, over every column, structural then surplus.
  var cost: [Double] = []

  // The tableau of the solve: B⁻¹A over `columns + rows` columns (structural then one
  // surplus per row), row-major; the basic column of each row; every column's value;
  // whether a nonbasic column sits at its upper bound.
  var tableau: [Double] = []
  var basic: [Int32] = []
  var value: [Double] = []
  var atUpper: [Bool] = []
  /// Scratch for the ratio test and the uniqueness check.
  var ratio: [Double] = []
  var bestRatio: [Double] = []
  var groupChange: [Double] = []

  var columns: Int { groupOf.count }

  /// Starts a program with `rows` rows (requirements 0), `groups` groups (coefficients 0)
  /// and no column. O(rows · groups).
  mutating func reset(rows: Int, groups: Int, width: Int) {
    self.rows = rows
    self.groups = groups
    self.width = max(1, width)
    coefficient.removeAll(keepingCapacity: true)
    coefficient.append(contentsOf: repeatElement(0, count: rows * groups))
    requirement.removeAll(keepingCapacity: true)
    requirement.append(contentsOf: repeatElement(0, count: rows))
    groupOf.removeAll(keepingCapacity: true)
    upper.removeAll(keepingCapacity: true)
    cost.removeAll(keepingCapacity: true)
  }

  mutating func setCoefficient(row: Int, group: Int, _ a: Double) { coefficient[row * groups + group] = a }

  /// Adds a column of `group`, `0 <= x <= upper` (`.infinity` for none), costing nothing
  /// yet; returns its index. O(levels).
  mutating func addColumn(group: Int, upper bound: Double) -> Int {
    groupOf.append(Int32(group))
    upper.append(bound)
    cost.append(contentsOf: repeatElement(0, count: width))
    return groupOf.count - 1
  }

  mutating func setCost(column: Int, level: Int, _ c: Double) { cost[column * width + level] = c }

  /// Σ of the values of the group's columns, after a solve. O(columns).
  func total(of group: Int) -> Double {
    var sum = 0.0
    for j in 0..<columns where Int(groupOf[j]) == group { sum += value[j] }
    return sum
  }
}

/// Closeness of tableau entries and values: relative 1e-9, as ``nearlyEqual(_:_:)``.
@inline(__always)
func isNegligible(_ x: Double, scale: Double = 1) -> Bool { abs(x) <= 1e-9 * max(1, scale) }

import LayoutModel

extension LexicographicOracle {
  /// The hyperplanes `normal·x + offset = 0` of the arrangement and its vertices.
  enum Arrangement {
    struct Hyperplane {
      var normal: [Double]
      var offset: Double
    }

    /// Pivots below this fraction of the largest matrix entry count as zero: the system is
    /// singular (parallel or dependent hyperplanes) and has no single vertex.
    static let singularPivot = 1e-12

    /// Distinct boundary hyperplanes of `constraints`, then the pin hyperplanes
    /// `x_j - pins[j] = 0` unless a constraint already supplied the same one.
    ///
    /// Each hyperplane is scaled so its largest coefficient is 1 and its first nonzero one is
    /// positive, which makes duplicates, multiples and sign-flipped copies (`x <= 3` and
    /// `-x >= -3`) identical, so they are kept once; fewer hyperplanes, fewer subsets.
    /// Constraints whose coefficients all vanish have no boundary and are left out.
    /// - Complexity: O(T + h² n) for `T` terms and `h` hyperplanes.
    static func hyperplanes(
      of constraints: [Constraint], variableCount: Int, pins: [Double]
    ) -> [Hyperplane] {
      var result: [Hyperplane] = []
      func insert(_ normal: [Double], _ offset: Double) {
        guard let candidate = canonical(normal, offset) else { return }
        if !result.contains(where: { isSame($0, candidate) }) { result.append(candidate) }
      }
      for constraint in constraints {
        var normal = [Double](repeating: 0, count: variableCount)
        // Terms may name a variable twice; the boundary uses the summed coefficient.
        for term in constraint.expression.terms { normal[term.variable.index] += term.coefficient }
        insert(normal, constraint.expression.constant)
      }
      for (j, target) in pins.enumerated() {
        var normal = [Double](repeating: 0, count: variableCount)
        normal[j] = 1
        insert(normal, -target)
      }
      return result
    }

    private static func canonical(_ normal: [Double], _ offset: Double) -> Hyperplane? {
      let largest = normal.reduce(0) { max($0, abs($1)) }
      guard largest > 0, let first = normal.first(where: { $0 != 0 }) else { return nil }
      let scale = first > 0 ? 1 / largest : -1 / largest
      return Hyperplane(normal: normal.map { $0 * scale }, offset: offset * scale)
    }

    private static func isSame(_ a: Hyperplane, _ b: Hyperplane) -> Bool {
      let tolerance = 1e-12
      for (x, y) in zip(a.normal, b.normal) where abs(x - y) > tolerance { return false }
      return abs(a.offset - b.offset) <= tolerance * max(1, abs(a.offset), abs(b.offset))
    }

    /// `C(count, size)`, saturating at `Int.max`. O(size).
    static func subsetCount(_ count: Int, choose size: Int) -> Int {
      guard size >= 0, size <= count else { return 0 }
      let k = min(size, count - size)
      var result = 1
      for i in 0..<k {
        // result * (count - i) / (i + 1) stays an integer at every step.
        let (product, overflow) = result.multipliedReportingOverflow(by: count - i)
        if overflow { return Int.max }
        result = product / (i + 1)
      }
      return result
    }

    /// Calls `body` with the intersection point of every `variableCount`-subset of
    /// `hyperplanes` whose normals are linearly independent, subsets in lexicographic order
    /// (so the sequence, and whatever is chosen from it, is deterministic). With no variables
    /// the only subset is empty and its "point" is `[]`.
    /// - Complexity: O(C(h, n) · n³) plus the cost of `body`.
    static func forEachVertex(
      of hyperplanes: [Hyperplane], variableCount n: Int, _ body: ([Double]) -> Void
    ) {
      guard n <= hyperplanes.count else { return }
      var chosen = Array(0..<n)
      while true {
        if let point = intersection(of: chosen.map { hyperplanes[$0] }, variableCount: n),
          point.allSatisfy(\.isFinite)
        {
          body(point)
        }
        // Advance to the next combination: bump the rightmost index that still has room.
        var i = n - 1
        while i >= 0, chosen[i] == hyperplanes.count - n + i { i -= 1 }
        if i < 0 { return }
        chosen[i] += 1
        for j in (i + 1)..<n { chosen[j] = chosen[j - 1] + 1 }
      }
    }

    /// Solves `normal·x = -offset` for `n` hyperplanes by Gaussian elimination with partial
    /// pivoting; nil when the normals are (numerically) dependent. O(n³).
    static func intersection(of planes: [Hyperplane], variableCount n: Int) -> [Double]? {
      var matrix = planes.map(\.normal)
      var rhs = planes.map { -$0.offset }
      let largest = matrix.reduce(0) { row, entries in entries.reduce(row) { max($0, abs($1)) } }
      let threshold = singularPivot * largest
      for column in 0..<n {
        var pivotRow = column
        for row in (column + 1)..<n where abs(matrix[row][column]) > abs(matrix[pivotRow][column]) {
          pivotRow = row
        }
        let pivot = matrix[pivotRow][column]
        if abs(pivot) <= threshold { return nil }
        matrix.swapAt(column, pivotRow)
        rhs.swapAt(column, pivotRow)
        for row in (column + 1)..<n {
          let factor = matrix[row][column] / pivot
          if factor == 0 { continue }
          for k in column..<n { matrix[row][k] -= factor * matrix[column][k] }
          rhs[row] -= factor * rhs[column]
        }
      }
      var x = [Double](repeating: 0, count: n)
      for row in stride(from: n - 1, through: 0, by: -1) {
        var sum = rhs[row]
        for k in (row + 1)..<n { sum -= matrix[row][k] * x[k] }
        x[row] = sum / matrix[row][row]
      }
      return x
    }
  }
}

/// What a tableau column stands for.
enum ColumnKind: UInt8 {
  /// A user variable: any sign. Enters in either direction; once basic it never leaves.
  case free
  /// A slack or error: >= 0.
  case restricted
  /// A phase-one variable: >= 0, never enters; removed after phase one.
  case artificial
}

/// A dense simplex tableau in one flat row-major `ContiguousArray<Double>`.
///
/// Rows `0 ..< rowCount` are constraints, each `Σ T[i][j]·z_j = T[i][rhs]` with one basic
/// column holding a unit vector; row `rowCount` is the objective being minimised: its cells
/// are the reduced costs `d_j` and its right-hand side is `-Z`. The last column is the
/// right-hand side. Inner loops run on an unsafe buffer inside `withUnsafeMutableBufferPointer`.
struct DenseTableau {
  let rowCount: Int
  /// Columns including the right-hand side.
  let columnCount: Int
  var cells: ContiguousArray<Double>
  /// The basic column of each row, or -1 for a row dropped as redundant.
  var basic: [Int]
  /// The row where each column is basic, or -1.
  var rowOfColumn: [Int]
  var kind: [ColumnKind]
  /// Columns that may not enter: artificials after phase one, and nonbasic columns whose
  /// reduced cost at an optimised higher level is positive (moving them would cost there).
  var locked: [Bool]
  /// Free columns negated so that a decrease of the variable is an increase of the column.
  var flipped: [Bool]
  var counters = DenseCounters()

  /// Entries smaller than this count as zero in pricing and ratio tests.
  static let epsilon = 1e-9
  /// Consecutive degenerate pivots after which pricing switches from Dantzig's rule to
  /// Bland's (which cannot cycle) until a pivot makes progress.
  static let degenerateRunLimit = 50

  var rhs: Int { columnCount - 1 }
  var objectiveRow: Int { rowCount }

  /// A zeroed tableau. O(rows · columns).
  init(rowCount: Int, kinds: [ColumnKind]) {
    self.rowCount = rowCount
    self.columnCount = kinds.count + 1
    cells = ContiguousArray(repeating: 0, count: (rowCount + 1) * (kinds.count + 1))
    basic = Array(repeating: -1, count: rowCount)
    rowOfColumn = Array(repeating: -1, count: kinds.count)
    kind = kinds
    locked = kinds.map { $0 == .artificial }
    flipped = Array(repeating: false, count: kinds.count)
  }

  /// Whether the column's value is the same at every optimum: it is basic and every
  /// nonbasic column with a non-zero entry in its row is locked (after the last level,
  /// every column whose increase costs at some level is). Nonbasic free columns and
  /// unlocked restricted ones could move it, so the answer is then false (not proven).
  /// O(columns).
  func isPinned(_ column: Int) -> Bool {
    let row = rowOfColumn[column]
    guard row >= 0 else { return false }
    for j in 0..<(columnCount - 1) where j != column && rowOfColumn[j] < 0 && !locked[j] {
      if abs(self[row, j]) > Self.epsilon { return false }
    }
    return true
  }

  @inline(__always)
  subscript(row: Int, column: Int) -> Double {
    get { cells[row &* columnCount &+ column] }
    set { cells[row &* columnCount &+ column] = newValue }
  }

  // MARK: Pivot

  /// Makes `column` basic in `row`: scales the row to a unit pivot and eliminates the
  /// column from every other row and the objective.
  /// - Complexity: O(rows · columns), the dense cost every pivot pays; rows whose entry in
  ///   the column is already 0 are skipped.
  mutating func pivot(row: Int, column: Int) {
    let columns = columnCount
    let rows = rowCount + 1
    var updated = 0
    cells.withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      let pivotRow = base + row &* columns
      let scale = 1 / pivotRow[column]
      for j in 0..<columns { pivotRow[j] *= scale }
      pivotRow[column] = 1
      for i in 0..<rows where i != row {
        let target = base + i &* columns
        let factor = target[column]
        if factor == 0 { continue }
        Self.subtract(factor, times: pivotRow, from: target, count: columns)
        target[column] = 0
        updated &+= columns
      }
    }
    counters.pivots += 1
    counters.cellsUpdated += updated + columns
    let leaving = basic[row]
    if leaving >= 0 { rowOfColumn[leaving] = -1 }
    basic[row] = column
    rowOfColumn[column] = row
  }

  /// `target[0 ..< count] -= factor · source[0 ..< count]`: the hot loop of every pivot.
  /// Written with explicit 4-wide vectors because LLVM left the plain loop scalar (it cannot
  /// prove that two rows of one buffer do not overlap); unaligned loads, since rows start
  /// at any multiple of 8 bytes.
  @inline(__always)
  static func subtract(
    _ factor: Double, times source: UnsafeMutablePointer<Double>,
    from target: UnsafeMutablePointer<Double>, count: Int
  ) {
    let vectorFactor = SIMD4<Double>(repeating: factor)
    let sourceBytes = UnsafeRawPointer(source)
    let targetBytes = UnsafeMutableRawPointer(target)
    var j = 0
    while j &+ 4 <= count {
      let offset = j &* 8
      let a = targetBytes.loadUnaligned(fromByteOffset: offset, as: SIMD4<Double>.self)
      let b = sourceBytes.loadUnaligned(fromByteOffset: offset, as: SIMD4<Double>.self)
      targetBytes.storeBytes(of: a - vectorFactor * b, toByteOffset: offset, as: SIMD4<Double>.self)
      j &+= 4
    }
    while j < count {
      target[j] -= factor * source[j]
      j &+= 1
    }
  }

  /// Negates a free column so the variable can be decreased by increasing the column.
  /// O(rows).
  mutating func flip(column: Int) {
    for i in 0...rowCount { self[i, column] = -self[i, column] }
    flipped[column].toggle()
  }

  // MARK: Objective

  /// Loads the objective `Σ cost_j z_j` as reduced costs for the current basis:
  /// `d = c - Σ_i c_basic(i) · row_i`. O(rows with a costly basic column · columns).
  mutating func setObjective(costs: [Double]) {
    let o = objectiveRow
    for j in 0..<columnCount { self[o, j] = j < costs.count ? costs[j] : 0 }
    for i in 0..<rowCount where basic[i] >= 0 {
      let c = costs[basic[i]]
      if c == 0 { continue }
      for j in 0..<columnCount { self[o, j] -= c * self[i, j] }
    }
    counters.cellsUpdated += columnCount
  }

  /// The current objective value Z (the objective row's right-hand side holds -Z).
  var objectiveValue: Double { -self[objectiveRow, rhs] }

  // MARK: Simplex

  /// Primal simplex on the objective row until no column can enter.
  ///
  /// Pricing: Dantzig's rule (most negative reduced cost; a free column with a positive
  /// one is flipped first) while pivots make progress; after `degenerateRunLimit`
  /// consecutive degenerate pivots, Bland's rule (lowest eligible column, lowest basic
  /// column among tied rows), which cannot cycle, until one makes progress.
  /// - Throws: `DenseFailure.unbounded` if a column can grow without limit (impossible for
  ///   a sum of non-negative errors, so a numerical failure), `.pivotLimit` as a guard.
  mutating func optimize() throws(DenseFailure) {
    var degenerateRun = 0
    let limit = 50 * (rowCount + columnCount) + 1000
    var count = 0
    while true {
      let bland = degenerateRun >= Self.degenerateRunLimit
      guard let entering = enteringColumn(bland: bland) else { return }
      guard let leaving = leavingRow(for: entering, bland: bland) else {
        throw .unbounded(column: entering)
      }
      let step = self[leaving, rhs] / self[leaving, entering]
      pivot(row: leaving, column: entering)
      degenerateRun = step <= Self.epsilon ? degenerateRun + 1 : 0
      count += 1
      if count > limit { throw .pivotLimit(limit) }
    }
  }

  /// The column to enter, flipping a free column whose reduced cost is positive; nil at
  /// the optimum. O(columns).
  mutating func enteringColumn(bland: Bool) -> Int? {
    let o = objectiveRow
    var best = -1
    var bestScore = 0.0
    for j in 0..<(columnCount - 1) where rowOfColumn[j] < 0 && !locked[j] {
      let d = self[o, j]
      let score: Double
      switch kind[j] {
      case .free: score = abs(d)
      case .restricted: score = -d
      case .artificial: continue
      }
      guard score > Self.epsilon else { continue }
      if bland { best = j; break }
      if score > bestScore {
        best = j
        bestScore = score
      }
    }
    guard best >= 0 else { return nil }
    if kind[best] == .free && self[o, best] > 0 { flip(column: best) }
    return best
  }

  /// The row limiting the entering column first: minimum `rhs / coefficient` over rows
  /// with a positive coefficient and a non-free basic column. Ties go to the largest
  /// coefficient (numerically safest), then the lowest basic column; under Bland's rule
  /// straight to the lowest basic column. O(rows).
  func leavingRow(for column: Int, bland: Bool) -> Int? {
    var best = -1
    var bestRatio = Double.infinity
    var bestCoefficient = 0.0
    for i in 0..<rowCount {
      let b = basic[i]
      guard b >= 0, kind[b] != .free else { continue }
      let a = self[i, column]
      guard a > Self.epsilon else { continue }
      // A right-hand side a rounding error below zero counts as zero.
      let ratio = max(self[i, rhs], 0) / a
      if best >= 0 && ratio > bestRatio + Self.epsilon { continue }
      if best >= 0 && ratio >= bestRatio - Self.epsilon {
        // A tie.
        let preferred =
          bland
          ? b < basic[best]
          : a > bestCoefficient + Self.epsilon || (a >= bestCoefficient - Self.epsilon && b < basic[best])
        if !preferred { continue }
      }
      best = i
      bestRatio = ratio
      bestCoefficient = a
    }
    return best >= 0 ? best : nil
  }

  // MARK: Reading

  /// The value of a column: its row's right-hand side when basic, else 0, undoing a flip.
  func value(ofColumn column: Int) -> Double {
    let r = rowOfColumn[column]
    let v = r >= 0 ? self[r, rhs] : 0
    return flipped[column] ? -v : v
  }

  /// The bytes of the tableau's storage.
  var byteCount: Int { cells.count * MemoryLayout<Double>.stride }
}

/// Work a dense solve did, deterministic for identical input.
struct DenseCounters: Hashable, Sendable {
  var pivots = 0
  /// Cells written by pivots and objective loads. A pivot reads and writes each updated
  /// cell of the target rows and reads the (cache-resident) pivot row, so memory traffic
  /// is about 16 bytes per updated cell.
  var cellsUpdated = 0
}

/// Why a dense solve stopped without an answer.
enum DenseFailure: Error {
  case unbounded(column: Int)
  case pivotLimit(Int)
}

import LayoutModel

/// One table's rows in order, each row's height (fitted, or the estimate) and each row's
/// top: what the fitting loop searches and what a row's frame (0, top, T, height) reads.
///
/// Tops are the running sum of the heights in row order, `tops[k + 1] = tops[k] +
/// heights[k]`, recomputed from the first row whose height changed. The sum is kept
/// sequential on purpose: formats.md 2.1 defines a row's y as the heights before it added
/// in order, and a tree of partial sums (a Fenwick tree) would round the same sum
/// differently, moving frames in the last bit. A height change costs a pass of additions
/// over the rows after it, and nothing else is O(rows): the rows in view are found by
/// binary search over the tops, and the rows whose frames changed since they were last
/// written are those from ``firstUnwritten`` on.
struct TableRows {
  let table: ViewIndex
  /// The rows, the table's children in order (the scene's own array, kept to recognise
  /// it unchanged by its storage).
  private(set) var rows: [ViewIndex] = []
  private(set) var heights: [Double] = []
  /// `tops[k]` is row k's y and `tops[rows.count]` the content height; entries after
  /// ``firstStaleTop`` wait for ``refreshTops()``.
  private(set) var tops: [Double] = [0]
  private var firstStaleTop = 0
  /// Rows from here on have a height or top that changed since their frames were last
  /// written (``markWritten()``).
  private(set) var firstUnwritten = 0
  /// Rows with a negative height: while there is one, tops are not ordered and the rows
  /// in view are found by a scan.
  private var negativeHeights = 0
  /// The table's width at the last layout (NaN before the first).
  var width = Double.nan
  /// The height a row not fitted counts.
  private(set) var estimate = Double.nan

  init(table: ViewIndex) {
    self.table = table
  }

  /// Whether `rows` is the list these rows were made from, unchanged: the same storage
  /// (an array shared with this one cannot have been mutated in place). O(1).
  func holds(_ rows: [ViewIndex], estimate: Double) -> Bool {
    guard rows.count == self.rows.count, estimate.bitPattern == self.estimate.bitPattern else { return false }
    return rows.withUnsafeBufferPointer { a in self.rows.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress } }
  }

  /// Starts over with `rows` at `estimate`, each row's height given by `height` (nil: the
  /// estimate). O(rows).
  mutating func reset(rows: [ViewIndex], estimate: Double, height: (ViewIndex) -> Double?) {
    self.rows = rows
    self.estimate = estimate
    heights.removeAll(keepingCapacity: true)
    negativeHeights = 0
    for row in rows {
      let h = height(row) ?? estimate
      heights.append(h)
      if h < 0 { negativeHeights += 1 }
    }
    tops.removeAll(keepingCapacity: true)
    tops.append(contentsOf: repeatElement(0, count: rows.count + 1))
    firstStaleTop = 0
    firstUnwritten = 0
  }

  /// Row `k`'s height is `height` (nil: the estimate). O(1); the tops after it are
  /// recomputed at the next ``refreshTops()``.
  mutating func setHeight(_ k: Int, _ height: Double?) {
    let h = height ?? estimate
    let old = heights[k]
    guard h.bitPattern != old.bitPattern else { return }
    negativeHeights += (h < 0 ? 1 : 0) - (old < 0 ? 1 : 0)
    heights[k] = h
    firstStaleTop = min(firstStaleTop, k)
    firstUnwritten = min(firstUnwritten, k)
  }

  /// Brings the tops up to date. O(rows after the first height changed), no allocation.
  mutating func refreshTops() {
    let count = heights.count
    guard firstStaleTop < count else { return }
    heights.withUnsafeBufferPointer { heights in
      tops.withUnsafeMutableBufferPointer { tops in
        var y = tops[firstStaleTop]
        for k in firstStaleTop..<count {
          y += heights[k]
          tops[k + 1] = y
        }
      }
    }
    firstStaleTop = count
  }

  /// The sum of the heights, in row order. Tops must be current.
  var contentHeight: Double { tops[heights.count] }

  /// Appends the positions of the rows in view, ascending: y < offset + visibleHeight and
  /// y + h > offset (formats.md 2.1). Tops must be current. O(log rows + rows in view);
  /// O(rows) while some height is negative.
  func appendVisible(offset: Double, visibleHeight: Double, into positions: inout [Int]) {
    let count = heights.count
    let bottom = offset + visibleHeight
    tops.withUnsafeBufferPointer { tops in
      guard negativeHeights == 0 else {
        for k in 0..<count where tops[k] < bottom && tops[k + 1] > offset { positions.append(k) }
        return
      }
      // Tops never decrease: the rows in view are those from the first whose bottom is
      // past the offset to the last whose top is above the bottom edge.
      var (low, high) = (0, count)
      while low < high {
        let middle = (low + high) / 2
        if tops[middle + 1] > offset { high = middle } else { low = middle + 1 }
      }
      var k = low
      while k < count, tops[k] < bottom {
        positions.append(k)
        k += 1
      }
    }
  }

  /// Every row's frame has been written since its height or top last changed.
  mutating func markWritten() { firstUnwritten = heights.count }

  /// Marks every row's frame to be written again.
  mutating func markUnwritten() { firstUnwritten = 0 }
}

import Scene

/// The optional priority levels a scene's costs use, highest first: every hugging and
/// compression-resistance value below 1000, and the internal ones (text-width
/// disambiguation 759, stack hugging 0.75, the tie-breaks 0.5). Lexicographic slopes are
/// dense vectors over these levels, index 0 the highest.
struct PriorityLevels {
  /// Distinct priorities, descending.
  private(set) var values: [Double] = []

  var count: Int { values.count }

  /// Collects the levels of every present view.
  /// - Complexity: O(views · log views); no allocation once the buffer has grown.
  mutating func rebuild(from scene: Scene) {
    values.removeAll(keepingCapacity: true)
    values.append(InternalPriority.textWidthDisambiguation)
    values.append(InternalPriority.stackHugging)
    values.append(InternalPriority.fillTieBreak)
    for slot in scene.views {
      guard let view = slot else { continue }
      for axis in Axis.allCases {
        if view.hugging[axis] < 1000 { values.append(view.hugging[axis]) }
        if view.compressionResistance[axis] < 1000 { values.append(view.compressionResistance[axis]) }
      }
    }
    heapSort(&values) { $0 > $1 }
    // Deduplicate in place: priorities are levels only when exactly equal.
    var kept = 0
    for value in values where kept == 0 || values[kept - 1] != value {
      values[kept] = value
      kept += 1
    }
    values.removeLast(values.count - kept)
  }

  /// The level of a priority present in the table. O(log levels).
  func index(of priority: Double) -> Int {
    var low = 0
    var high = values.count - 1
    while low < high {
      let middle = (low + high) / 2
      if values[middle] > priority { low = middle + 1 } else { high = middle }
    }
    return low
  }
}

/// In-place heap sort with a strict "comes before" order: O(n log n), no allocation, not
/// stable (callers that need determinism order ties themselves).
func heapSort<Element>(_ a: inout [Element], by before: (Element, Element) -> Bool) {
  let n = a.count
  guard n > 1 else { return }
  func siftDown(_ start: Int, _ end: Int, _ a: inout [Element]) {
    var root = start
    while true {
      var child = 2 * root + 1
      if child >= end { return }
      if child + 1 < end && before(a[child], a[child + 1]) { child += 1 }
      if before(a[root], a[child]) {
        a.swapAt(root, child)
        root = child
      } else {
        return
      }
    }
  }
  var start = n / 2 - 1
  while start >= 0 {
    siftDown(start, n, &a)
    start -= 1
  }
  var end = n - 1
  while end > 0 {
    a.swapAt(0, end)
    siftDown(0, end, &a)
    end -= 1
  }
}

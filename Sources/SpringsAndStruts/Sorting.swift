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

/// Scratch for ``naturalMergeSort(_:_:_:by:)``: kept by the caller so that sorting
/// allocates nothing once the buffers have grown.
struct MergeScratch {
  var buffer: [Int32] = []
  /// Run boundaries: run r is `runs[r] ..< runs[r + 1]`.
  var runs: [Int] = []
}

/// Stable natural merge sort of `a[range]` by a strict "comes before" order: the
/// non-descending runs already present are found in one pass and merged pairwise.
/// A layout's lists are mostly made of a few such runs (a stack's views appended in
/// order), which a heap sort would not notice.
/// - Complexity: O(m log r) comparisons for m elements in r runs: O(m) when sorted; no
///   allocation once `scratch` has grown.
func naturalMergeSort(_ a: inout [Int32], _ range: Range<Int>, _ scratch: inout MergeScratch, by before: (Int32, Int32) -> Bool) {
  guard range.count > 1 else { return }
  scratch.runs.removeAll(keepingCapacity: true)
  scratch.runs.append(range.lowerBound)
  for i in (range.lowerBound + 1)..<range.upperBound where before(a[i], a[i - 1]) { scratch.runs.append(i) }
  scratch.runs.append(range.upperBound)
  guard scratch.runs.count > 2 else { return }
  if scratch.buffer.count < range.count {
    scratch.buffer.append(contentsOf: repeatElement(0, count: range.count - scratch.buffer.count))
  }
  while scratch.runs.count > 2 {
    var kept = 0
    var r = 0
    while r + 2 < scratch.runs.count {
      merge(&a, scratch.runs[r], scratch.runs[r + 1], scratch.runs[r + 2], &scratch.buffer, by: before)
      scratch.runs[kept] = scratch.runs[r]
      kept += 1
      r += 2
    }
    if r < scratch.runs.count - 1 {
      // An odd run left over keeps its start.
      scratch.runs[kept] = scratch.runs[r]
      kept += 1
    }
    scratch.runs[kept] = range.upperBound
    scratch.runs.removeLast(scratch.runs.count - kept - 1)
  }
}

/// Merges the sorted `a[low ..< middle]` and `a[middle ..< high]`, the left one's
/// elements first among equals (stable). O(high − low).
private func merge(_ a: inout [Int32], _ low: Int, _ middle: Int, _ high: Int, _ buffer: inout [Int32], by before: (Int32, Int32) -> Bool) {
  // Already in order: the runs only touch at equal or ascending ends.
  if !before(a[middle], a[middle - 1]) { return }
  let leftCount = middle - low
  for k in 0..<leftCount { buffer[k] = a[low + k] }
  var (i, j, out) = (0, middle, low)
  while i < leftCount && j < high {
    if before(a[j], buffer[i]) {
      a[out] = a[j]
      j += 1
    } else {
      a[out] = buffer[i]
      i += 1
    }
    out += 1
  }
  while i < leftCount {
    a[out] = buffer[i]
    i += 1
    out += 1
  }
}

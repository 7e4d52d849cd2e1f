/// "Did you mean" for a misspelt name (a suite, a workload, a backend): the known names
/// closest to it by edit distance, offered only when close enough to be a slip of the
/// keyboard rather than another name.
public enum NameSuggestion {
  /// The known names nearest `name`, in the order given: those at the smallest distance,
  /// when it is at most a quarter of the name's length (at least 1, at most 3): so
  /// `stack.fil` suggests nothing rather than `stack.feed`. Case is
  /// ignored; an adjacent swap counts as one edit. Empty when none is close.
  /// O(names · length²).
  public static func closest(to name: String, among names: [String]) -> [String] {
    let limit = min(max(name.count / 4, 1), 3)
    let typed = Array(name.lowercased())
    var best = limit + 1
    var found: [String] = []
    for candidate in names where candidate != name {
      let distance = editDistance(typed, Array(candidate.lowercased()))
      if distance < best {
        best = distance
        found = [candidate]
      } else if distance == best {
        found.append(candidate)
      }
    }
    return best <= limit ? found : []
  }

  /// `; did you mean 'smoke'?`, `; did you mean 'a' or 'b'?`, or empty: the clause an
  /// unknown-name message gets right after the name. O(names · length²).
  public static func clause(for name: String, among names: [String]) -> String {
    let close = closest(to: name, among: names).map { "'\($0)'" }
    guard let last = close.last else { return "" }
    let listed = close.count == 1 ? last : close.dropLast().joined(separator: ", ") + " or " + last
    return "; did you mean \(listed)?"
  }

  /// Insertions, deletions, substitutions and swaps of adjacent characters
  /// (optimal string alignment). O(a · b) time and memory.
  public static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { table[i][0] = i }
    for j in 0...b.count { table[0][j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var value = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
        if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
          value = min(value, table[i - 2][j - 2] + 1)
        }
        table[i][j] = value
      }
    }
    return table[a.count][b.count]
  }
}

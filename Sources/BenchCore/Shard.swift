/// One part of a sweep split across machines: `--shard 2/4` runs the second of four parts.
///
/// Cases are dealt by series: every size of one workload on one backend goes to the same
/// shard, series dealt round-robin in plan order (series k to shard k mod n + 1). A
/// case's skip decision comes from the smaller sizes of its series measured earlier in the
/// same run (``CaseCostPredictor``), so keeping a series together gives each shard the
/// history the unsharded run has, and the same skips: a merged sweep is the single run's
/// plan, whatever n is. `bench merge` puts the parts back in plan order.
public struct Shard: Hashable, Sendable, CustomStringConvertible {
  /// 1-based.
  public let index: Int
  public let count: Int

  /// - Precondition: `1 <= index <= count`.
  public init(index: Int, count: Int) {
    precondition(count >= 1 && (1...count).contains(index))
    self.index = index
    self.count = count
  }

  /// Parses `i/n` with `1 <= i <= n`; nil for anything else.
  public init?(parsing text: String) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, (1...count).contains(index)
    else { return nil }
    self.init(index: index, count: count)
  }

  public var description: String { "\(index)/\(count)" }

  /// Whether the series at `position` (0-based, in order of first appearance in the
  /// unsharded plan) belongs to this shard.
  public func contains(series position: Int) -> Bool { position % count == index - 1 }

  /// The cases of `plan` (in plan order) that belong to this shard: those whose series
  /// (workload and backend) is dealt to it. O(cases).
  public func cases(of plan: [PlannedCase]) -> [PlannedCase] {
    var series: [String: Int] = [:]
    return plan.filter { planned in
      let key = planned.workload + "\u{0}" + planned.backend
      let position = series[key] ?? series.count
      series[key] = position
      return contains(series: position)
    }
  }
}

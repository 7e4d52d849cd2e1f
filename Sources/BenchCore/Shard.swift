/// One part of a sweep split across machines: `--shard 2/4` runs the second of four parts.
///
/// Cases are dealt round-robin in plan order (case k goes to shard k mod n + 1), so every
/// shard gets a share of the small and of the large sizes instead of one machine taking
/// all the 10,000-view cases; `bench merge` puts the parts back in plan order.
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

  /// Whether the case at `position` (0-based, in the unsharded plan) belongs to this shard.
  public func contains(position: Int) -> Bool { position % count == index - 1 }

  /// This shard's elements of the unsharded `all`, in order. O(all).
  public func part<Element>(of all: [Element]) -> [Element] {
    all.enumerated().filter { contains(position: $0.offset) }.map(\.element)
  }
}

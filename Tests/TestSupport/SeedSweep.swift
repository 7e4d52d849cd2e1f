import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs `body` for seeds `base, base + 1, ...` (`count` of them; 20× as many when
/// `LAYOUTBENCH_LONG_TESTS=1`; only the seed in `LAYOUTBENCH_SEED` when that is set, decimal
/// or `0x` hex, to replay a failure).
///
/// Stops at the first seed whose run records an issue (an `#expect`, `expectClose`, ...)
/// or throws, and then records one more issue naming that seed and how to replay it, so
/// the seed is always in the failure output. Issues are observed, never hidden: the body's
/// own issues are recorded as usual. A malformed `LAYOUTBENCH_SEED` is itself an issue.
/// - Complexity: `count` (or `20 · count`) runs of `body`.
public func forEachSeed(
  _ count: Int, base: UInt64 = SeedSweep.defaultBase,
  sourceLocation: SourceLocation = #_sourceLocation,
  _ body: (UInt64) throws -> Void
) {
  let seeds: [UInt64]
  do {
    seeds = try SeedSweep.seeds(count: count, base: base, lookup: SeedSweep.environmentValue)
  } catch {
    Issue.record(Comment(rawValue: error.message), sourceLocation: sourceLocation)
    return
  }
  for seed in seeds {
    let failure = SeedSweep.failure(running: body, seed: seed)
    guard let failure else { continue }
    Issue.record(
      Comment(
        rawValue: "failing seed \(seed) (0x\(String(seed, radix: 16))): \(failure); "
          + "replay with \(SeedSweep.seedVariable)=\(seed)"),
      sourceLocation: sourceLocation)
    return
  }
}

/// The environment knobs and seed arithmetic behind ``forEachSeed(_:base:sourceLocation:_:)``.
public enum SeedSweep {
  public static let defaultBase: UInt64 = 0x1A70_BE4C_0000_0000
  public static let seedVariable = "LAYOUTBENCH_SEED"
  public static let longTestsVariable = "LAYOUTBENCH_LONG_TESTS"
  public static let longTestsMultiplier = 20

  /// Whether `LAYOUTBENCH_SEED` is set, so sweeps run one seed: coverage checks over a
  /// whole sweep ("every kind of case occurred") should be skipped then.
  public static var isReplaying: Bool { environmentValue(seedVariable) != nil }

  /// `LAYOUTBENCH_SEED` could not be read as a UInt64.
  public struct InvalidSeed: Error, Hashable, Sendable {
    public var text: String

    public init(text: String) { self.text = text }

    public var message: String {
      "\(SeedSweep.seedVariable)=\(text) is not a seed: expected a decimal or 0x-hex UInt64"
    }
  }

  /// The seeds a sweep runs, reading the environment through `lookup` (so it can be tested
  /// without touching the process environment). O(count).
  public static func seeds(
    count: Int, base: UInt64, lookup: (String) -> String?
  ) throws(InvalidSeed) -> [UInt64] {
    if let text = lookup(seedVariable) {
      guard let seed = parseSeed(text) else { throw InvalidSeed(text: text) }
      return [seed]
    }
    let total = lookup(longTestsVariable) == "1" ? count * longTestsMultiplier : count
    return (0..<max(0, total)).map { base &+ UInt64($0) }
  }

  /// A decimal or `0x`-prefixed hexadecimal UInt64, surrounding spaces allowed.
  public static func parseSeed(_ text: String) -> UInt64? {
    let trimmed = text.filter { !$0.isWhitespace }
    if trimmed.hasPrefix("0x") || trimmed.hasPrefix("0X") {
      return UInt64(trimmed.dropFirst(2), radix: 16)
    }
    return UInt64(trimmed, radix: 10)
  }

  /// The process environment's value for `name`.
  public static func environmentValue(_ name: String) -> String? {
    guard let value = getenv(name) else { return nil }
    return String(cString: value)
  }

  /// Runs `body(seed)` and describes how it failed (its first issue, or what it threw), or
  /// returns nil when it recorded no issue and threw nothing.
  static func failure(running body: (UInt64) throws -> Void, seed: UInt64) -> String? {
    // A matcher that never matches sees every issue recorded in the scope and leaves each
    // one to be recorded as usual; `isIntermittent` stops a clean run being reported as a
    // missing known issue.
    let observer = IssueObserver()
    do {
      try withKnownIssue(isIntermittent: true) {
        try body(seed)
      } matching: { issue in
        observer.firstIssue.withLock { first in
          if first == nil { first = String(describing: issue) }
        }
        return false
      }
    } catch {
      // An unmatched thrown error comes back out; record it here, with the seed.
      Issue.record(error, Comment(rawValue: "seed \(seed)"))
      return "threw \(error)"
    }
    return observer.firstIssue.withLock { $0 }.map { "first issue: \($0)" }
  }

  private final class IssueObserver: Sendable {
    let firstIssue = Mutex<String?>(nil)
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Parsing of the dense tableau's memory limit, `LAYOUTBENCH_DENSE_MEMORY_LIMIT`.
enum MemoryLimit {
  static let environmentVariable = "LAYOUTBENCH_DENSE_MEMORY_LIMIT"

  /// The limit from the environment, or nil when unset or unreadable.
  static var fromEnvironment: Int? {
    guard let raw = getenv(environmentVariable) else { return nil }
    return parse(String(cString: raw))
  }

  /// Bytes from `1073741824`, `512M`, `2G`, `64K`; nil for anything else.
  static func parse(_ text: String) -> Int? {
    var digits = Substring(text)
    var multiplier = 1
    switch digits.last {
    case "K", "k": multiplier = 1 << 10
    case "M", "m": multiplier = 1 << 20
    case "G", "g": multiplier = 1 << 30
    default: break
    }
    if multiplier > 1 { digits = digits.dropLast() }
    guard let value = Int(digits), value > 0 else { return nil }
    let (bytes, overflow) = value.multipliedReportingOverflow(by: multiplier)
    return overflow ? nil : bytes
  }

  /// `1.5 GiB`, `300 MiB`, `64 KiB`: for messages (rounded up to one decimal).
  static func describe(_ bytes: Int) -> String {
    for (unit, shift) in [("GiB", 30), ("MiB", 20), ("KiB", 10)] where bytes >= 1 << shift {
      let tenths = (bytes * 10 + (1 << shift) - 1) >> shift
      return tenths % 10 == 0 ? "\(tenths / 10) \(unit)" : "\(tenths / 10).\(tenths % 10) \(unit)"
    }
    return "\(bytes) bytes"
  }
}

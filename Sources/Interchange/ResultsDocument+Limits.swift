/// The ranges a results file's numbers must lie in beyond being finite, and the form of its
/// times (docs/interchange.md, "Results files: numbers, times and duplicates").
///
/// Why ranges: readers add samples, divide medians and turn figures into whole numbers for
/// display; a value far beyond anything a measurement can give (a sample of 1e300 ns)
/// would take those out of the range where they are finite or exact. The bounds are far
/// above any real figure: 1e18 ns is about 31.7 years.
extension ResultsDocument {
  public enum Limits {
    /// Durations in nanoseconds (samples, reference samples, call overheads, the clock's
    /// resolution): from 0 to this.
    public static let nanoseconds = 1e18
    /// Other figures (allocations, bytes, solver counters, calls, memory bytes): at most
    /// this in absolute value.
    public static let figure = 1e18
    /// Whole numbers (sizes, iterations, operations, repetitions, warm-ups, cores,
    /// processes, case counts): at most this, so the product of two stays exact in `Int`.
    public static let count = 1e9
    /// The time budget of a run, in seconds.
    public static let seconds = 1e9
  }

  /// Whether `text` is a UTC time in the ISO 8601 form `bench` writes,
  /// `2026-11-21T10:00:00Z`, optionally with a fraction of a second
  /// (`2026-11-21T10:00:00.25Z`), naming a day that exists (leap years counted) and a
  /// second up to 60 (a leap second). Offsets other than `Z` are refused: every file
  /// states its time in UTC, so times compare as text. O(length).
  public static func isTimestamp(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    guard bytes.count >= 20, bytes.last == UInt8(ascii: "Z") else { return false }
    func isDigits(_ range: Range<Int>) -> Bool {
      range.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[$0]) }
    }
    // Fields of at most four digits, so the value cannot overflow.
    func number(_ range: Range<Int>) -> Int? {
      guard isDigits(range) else { return nil }
      return range.reduce(0) { $0 * 10 + Int(bytes[$1] - UInt8(ascii: "0")) }
    }
    let separators: [(Int, Character)] = [(4, "-"), (7, "-"), (10, "T"), (13, ":"), (16, ":")]
    for (index, separator) in separators where bytes[index] != separator.asciiValue! { return false }
    guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10), let hour = number(11..<13),
      let minute = number(14..<16), let second = number(17..<19)
    else { return false }
    if bytes.count > 20 {
      // A fraction: a point and at least one digit before the Z.
      guard bytes[19] == UInt8(ascii: "."), bytes.count > 21, isDigits(20..<(bytes.count - 1)) else { return false }
    }
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    guard (1...12).contains(month), (1...days[month - 1]).contains(day) else { return false }
    return hour <= 23 && minute <= 59 && second <= 60
  }
}

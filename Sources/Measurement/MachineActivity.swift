import Foundation

/// How busy the rest of the machine was while something ran: the CPU time every process
/// but this one used (and time the hypervisor stole), from `/proc/stat` and
/// `/proc/self/stat`. On this machine kind the two vCPUs share one core's resources, so
/// anything running beside a measurement slows it by up to 2× (measured: a 3.8 µs phase
/// took 7.4 µs while a test suite ran beside it); `bench gate` judges timings only when
/// this stayed low.
public enum MachineActivity {
  /// Cumulative ticks (USER_HZ, 100 per second on Linux) at one moment.
  public struct Reading: Hashable, Sendable {
    /// Busy ticks of all CPUs: user, nice, system, irq, softirq, steal.
    public var busyTicks: UInt64
    /// This process's user and system ticks, and those of its children that have ended
    /// (`bench gate` measures through child processes).
    public var ownTicks: UInt64
    public var wallNanoseconds: UInt64
  }

  /// Now; nil where /proc is unreadable (not Linux). O(1).
  public static func read() -> Reading? {
    guard let stat = try? String(contentsOfFile: "/proc/stat", encoding: .utf8),
      let own = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
      let busy = busyTicks(procStat: stat), let mine = ownTicks(procSelfStat: own)
    else { return nil }
    return Reading(busyTicks: busy, ownTicks: mine, wallNanoseconds: MonotonicClock.now())
  }

  /// The mean number of CPUs kept busy by everything but this process between two
  /// readings (0.02 on an idle machine; 1 when another process ran flat out on one CPU).
  /// Nil for an interval under 50 ms, too short for 10 ms ticks.
  public static func otherBusyCPUs(from start: Reading, to end: Reading) -> Double? {
    guard end.wallNanoseconds > start.wallNanoseconds + 50_000_000 else { return nil }
    let busy = Double(end.busyTicks &- start.busyTicks)
    let own = Double(end.ownTicks &- start.ownTicks)
    let wallTicks = Double(end.wallNanoseconds - start.wallNanoseconds) / 10_000_000
    return max(0, busy - own) / wallTicks
  }

  /// The first line of /proc/stat, `cpu  user nice system idle iowait irq softirq steal
  /// ...`: everything but idle and iowait. Nil when it is not that line.
  static func busyTicks(procStat text: String) -> UInt64? {
    guard let line = text.split(separator: "\n").first, line.hasPrefix("cpu ") else { return nil }
    let fields = line.split(separator: " ").dropFirst().compactMap { UInt64($0) }
    guard fields.count >= 8 else { return nil }
    return fields[0] + fields[1] + fields[2] + fields[5] + fields[6] + fields[7]
  }

  /// utime + stime + cutime + cstime, fields 14 to 17 of /proc/self/stat (the last two
  /// are children that ended and were waited for). The command name (field 2) is in
  /// parentheses and may hold spaces, so fields are counted after its closing parenthesis.
  static func ownTicks(procSelfStat text: String) -> UInt64? {
    guard let close = text.lastIndex(of: ")") else { return nil }
    let fields = text[text.index(after: close)...].split(separator: " ")
    // After the name: state is field 3, so fields 14...17 are at 11...14.
    guard fields.count > 14 else { return nil }
    var ticks: UInt64 = 0
    for index in 11...14 {
      guard let value = Int64(fields[index]), value >= 0 else { return nil }
      ticks += UInt64(value)
    }
    return ticks
  }
}

import Foundation
import Interchange
import Measurement

/// Reads the machine and build facts a results file records. Everything here runs once
/// per run, outside any measurement.
public enum RunEnvironment {
  /// The environment of this process. `gitRevision` is the checkout's HEAD, with
  /// `+dirty` when tracked files differ from it (numbers from uncommitted code must say so).
  public static func current(configuration: String) -> ResultsDocument.Environment {
    ResultsDocument.Environment(
      gitRevision: gitRevision(), swiftVersion: swiftVersion, configuration: configuration, os: operatingSystem(),
      cpu: cpuModel(), cores: ProcessInfo.processInfo.activeProcessorCount, allocator: AllocationCounter.allocatorName,
      memoryBytes: Double(ProcessInfo.processInfo.physicalMemory),
      clockResolutionNanoseconds: MonotonicClock.resolutionNanoseconds.map { Double($0) },
      hostname: ProcessInfo.processInfo.hostName)
  }

  /// The compiler that built this binary, from compile-time conditions (a built binary
  /// cannot ask its toolchain, which a results reader may not have).
  public static var swiftVersion: String {
    #if compiler(>=6.4)
      "6.4 or later"
    #elseif compiler(>=6.3)
      "6.3"
    #elseif compiler(>=6.2)
      "6.2"
    #elseif compiler(>=6.1)
      "6.1"
    #else
      "6.0"
    #endif
  }

  /// The revision of the checkout this executable lies in: `git rev-parse HEAD` run in
  /// the executable's directory (`+dirty` when that checkout's tracked files differ from
  /// it), or nil when the executable lies outside any checkout (a copied binary, or one
  /// built from `git archive` sources). Not the working directory's: a bench built from
  /// another revision and started from this checkout would otherwise claim this one.
  public static func gitRevision() -> String? {
    gitRevision(at: executableDirectory())
  }

  /// `git rev-parse HEAD` (+`dirty`) of the checkout enclosing `directory` (the working
  /// directory when nil), or nil outside a checkout.
  public static func gitRevision(at directory: URL?) -> String? {
    guard let revision = run("git", ["rev-parse", "HEAD"], in: directory)?.trimmingCharacters(in: .whitespacesAndNewlines),
      !revision.isEmpty
    else { return nil }
    let status = run("git", ["status", "--porcelain", "--untracked-files=no"], in: directory) ?? ""
    return status.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? revision : revision + "+dirty"
  }

  /// The directory of the running executable, from `/proc/self/exe` (symbolic links
  /// resolved), or nil where that cannot be read.
  public static func executableDirectory() -> URL? {
    guard let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else { return nil }
    return URL(fileURLWithPath: path).resolvingSymlinksInPath().deletingLastPathComponent()
  }

  /// `PRETTY_NAME` of /etc/os-release plus the kernel release.
  public static func operatingSystem() -> String {
    var name = "Linux"
    if let text = try? String(contentsOfFile: "/etc/os-release", encoding: .utf8),
      let line = text.split(separator: "\n").first(where: { $0.hasPrefix("PRETTY_NAME=") })
    {
      name = line.dropFirst("PRETTY_NAME=".count).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
    }
    var system = utsname()
    uname(&system)
    let release = withUnsafeBytes(of: &system.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    return "\(name), kernel \(release)"
  }

  /// `model name` of /proc/cpuinfo.
  public static func cpuModel() -> String? {
    guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
      let line = text.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
      let colon = line.firstIndex(of: ":")
    else { return nil }
    return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
  }

  /// Standard output of a program found on PATH, run in `directory` (this process's
  /// working directory when nil), or nil when it cannot run or fails.
  static func run(_ program: String, _ arguments: [String], in directory: URL? = nil) -> String? {
    let process = Process()
    if let directory { process.currentDirectoryURL = directory }
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [program] + arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch { return nil }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    return String(decoding: data, as: UTF8.self)
  }

  /// Now as ISO 8601 UTC, seconds precision.
  public static func timestamp(_ date: Date = Date()) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    formatter.timeZone = TimeZone(identifier: "UTC")
    return formatter.string(from: date)
  }
}

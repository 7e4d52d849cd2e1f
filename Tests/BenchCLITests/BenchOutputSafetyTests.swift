import Foundation
import Testing

/// Where commands write: only a regular file (or a missing path) is replaced. An `--out`
/// that is a symbolic link, a FIFO or a device is refused before any work, with exit
/// status 2 naming the path and what it is, and what it points to is left untouched.
@Suite struct BenchOutputSafetyTests {
  static func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("bench-output-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// A complete results file of one case.
  static func results(in folder: URL) throws -> String {
    let text = #"{"format": "layoutbench.results/1", "suite": "smoke", "createdAt": "2026-11-21T10:00:00Z", "complete": true, "plannedCases": 1, "environment": {"gitRevision": "abc"}, "cases": [{"workload": "w", "backend": "cassowary", "size": 10, "status": "ok", "phases": [{"name": "build", "samplesNanoseconds": [5, 6]}]}]}"#
    let path = folder.appendingPathComponent("in.json").path
    try text.write(toFile: path, atomically: false, encoding: .utf8)
    return path
  }

  /// Every command that writes a file, given `out` as its output.
  static func commands(input: String, out: String) -> [[String]] {
    [
      ["merge", input, "--out", out],
      ["run", "--suite", "smoke", "--workloads", "stack.fill.horizontal", "--backends", "springs-struts", "--repetitions", "1",
       "--warmup", "0", "--time-budget", "1", "--allow-debug", "--out", out],
      ["export", "--workload", "stack.fill.horizontal", "--size", "10", "--out", out],
    ]
  }

  @Test func aSymbolicLinkIsRefusedAndItsTargetUntouched() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = try Self.results(in: folder)
    let target = folder.appendingPathComponent("victim.txt").path
    try "precious\n".write(toFile: target, atomically: false, encoding: .utf8)
    let link = folder.appendingPathComponent("out.json").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
    for arguments in Self.commands(input: input, out: link) {
      let output = try BenchProcess.run(arguments)
      #expect(output.status == 2, "\(arguments[0]): \(output.standardError)")
      #expect(output.standardError.contains("error: \(link): is a symbolic link"), "\(arguments[0]): \(output.standardError)")
      #expect(try String(contentsOfFile: target, encoding: .utf8) == "precious\n")
      #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
    }
  }

  /// A FIFO would block a writer until something reads it: refused without opening it.
  @Test func aFIFOIsRefusedWithoutBlocking() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = try Self.results(in: folder)
    let fifo = folder.appendingPathComponent("out.json").path
    #expect(mkfifo(fifo, 0o600) == 0)
    for arguments in Self.commands(input: input, out: fifo) {
      let output = try BenchProcess.run(arguments)
      #expect(output.status == 2, "\(arguments[0]): \(output.standardError)")
      #expect(output.standardError.contains("error: \(fifo): is a FIFO"), "\(arguments[0]): \(output.standardError)")
      #expect(AtomicKind.of(fifo) == S_IFIFO)
    }
  }

  @Test func aDeviceIsRefused() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = try Self.results(in: folder)
    for arguments in Self.commands(input: input, out: "/dev/null") {
      let output = try BenchProcess.run(arguments)
      #expect(output.status == 2, "\(arguments[0]): \(output.standardError)")
      #expect(output.standardError.contains("error: /dev/null: is a character device"), "\(arguments[0]): \(output.standardError)")
    }
    #expect(AtomicKind.of("/dev/null") == S_IFCHR)
  }

  /// A report folder with a link planted at one of the names it writes: refused before
  /// any file is written, the link's target untouched.
  @Test func aLinkPlantedInAReportFolderIsNotFollowed() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = try Self.results(in: folder)
    let reports = folder.appendingPathComponent("reports")
    try FileManager.default.createDirectory(at: reports, withIntermediateDirectories: true)
    let target = folder.appendingPathComponent("victim.txt").path
    try "precious\n".write(toFile: target, atomically: false, encoding: .utf8)
    let planted = reports.appendingPathComponent("smoke.html").path
    try FileManager.default.createSymbolicLink(atPath: planted, withDestinationPath: target)
    let output = try BenchProcess.run(["report", input, "--out", reports.path])
    #expect(output.status == 2, "\(output.standardError)")
    #expect(output.standardError.contains("error: \(planted): is a symbolic link"), "\(output.standardError)")
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "precious\n")
    #expect(!FileManager.default.fileExists(atPath: reports.appendingPathComponent("smoke.md").path))
  }

  /// A regular file is replaced, through no temporary file left behind.
  @Test func aRegularFileIsReplaced() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = try Self.results(in: folder)
    let out = folder.appendingPathComponent("out.json").path
    try "old\n".write(toFile: out, atomically: false, encoding: .utf8)
    let output = try BenchProcess.run(["merge", input, "--out", out])
    #expect(output.status == 0, "\(output.standardError)")
    #expect(try String(contentsOfFile: out, encoding: .utf8).contains("\"complete\": true"))
    #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder.path)) == ["in.json", "out.json"])
  }
}

/// The kind of a directory entry, without following a link.
enum AtomicKind {
  static func of(_ path: String) -> mode_t? {
    var status = stat()
    guard lstat(path, &status) == 0 else { return nil }
    return status.st_mode & S_IFMT
  }
}

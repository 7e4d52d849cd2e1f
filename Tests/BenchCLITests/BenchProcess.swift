import Foundation
import Testing

/// Runs the `bench` executable built alongside these tests, as a user would.
struct BenchProcess {
  struct Output {
    var status: Int32
    var standardOutput: String
    var standardError: String
  }

  /// The built executable: next to the test bundle (whatever `--scratch-path` is), or
  /// else under a build folder of the package.
  static func executable() throws -> URL {
    var candidates: [URL] = []
    if let testBinary = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
      candidates.append(URL(fileURLWithPath: testBinary).deletingLastPathComponent().appendingPathComponent("bench"))
    }
    candidates.append(Bundle.main.bundleURL.appendingPathComponent("bench"))
    candidates.append(Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("bench"))
    // Package root: Tests/BenchCLITests/<this file> is three levels down.
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let buildFolders = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
    for folder in buildFolders.sorted() where folder.hasPrefix(".build") {
      candidates.append(root.appendingPathComponent(folder).appendingPathComponent("debug/bench"))
    }
    guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
      throw LookupError(description: "no built 'bench' found; looked at \(candidates.map(\.path))")
    }
    return found
  }

  struct LookupError: Error, CustomStringConvertible {
    var description: String
  }

  /// Runs `bench arguments...` to completion. Output goes through files rather than
  /// pipes, so a large output cannot fill a pipe and stall the child.
  /// `environment` entries are added to (or replace) the test process's environment.
  /// `directory`, when given, is the working directory (for default output paths);
  /// `executable`, another bench than the built one (a copy of it elsewhere).
  static func run(_ arguments: [String], environment: [String: String] = [:], directory: URL? = nil, executable: URL? = nil)
    throws -> Output
  {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("bench-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let outURL = scratch.appendingPathComponent("stdout")
    let errURL = scratch.appendingPathComponent("stderr")
    for url in [outURL, errURL] where !FileManager.default.createFile(atPath: url.path, contents: nil) {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
    }
    let out = try FileHandle(forWritingTo: outURL)
    let err = try FileHandle(forWritingTo: errURL)

    let process = Process()
    process.executableURL = try executable ?? Self.executable()
    process.arguments = arguments
    if !environment.isEmpty {
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    if let directory { process.currentDirectoryURL = directory }
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    try out.close()
    try err.close()
    return Output(
      status: process.terminationStatus,
      standardOutput: try String(contentsOf: outURL, encoding: .utf8),
      standardError: try String(contentsOf: errURL, encoding: .utf8))
  }
}

import Foundation
import StrictJSON

#if canImport(Glibc)
  import Glibc
#endif

/// An outside engine's process (docs/engines.md): started in its manifest's folder, spoken
/// to in JSON lines on its standard input and output; its standard error is the runner's.
public final class EngineProcess {
  /// Why talking to the engine stopped.
  public enum Failure: Error, CustomStringConvertible {
    case cannotStart(String)
    /// It closed its output or exited; `status` when it has exited.
    case ended(status: Int32?)
    case silent(seconds: Double)
    case notJSON(line: String, error: String)

    public var description: String {
      switch self {
      case .cannotStart(let reason): "the engine cannot be started: \(reason)"
      case .ended(let status?): "the engine exited with status \(status) (its standard error is above)"
      case .ended(nil): "the engine closed its output (its standard error is above)"
      case .silent(let seconds): "the engine sent nothing for \(Formatting.duration(nanoseconds: seconds * 1e9)) and was stopped"
      case .notJSON(let line, let error): "the engine sent a line that is not JSON (\(error)): \(line.prefix(200))"
      }
    }
  }

  private let process = Process()
  private let input: FileHandle
  private let output: Int32
  private var buffer: [UInt8] = []

  /// Starts `command` (its first element looked up on `PATH` unless it holds a `/`) in
  /// `directory`. - Throws: `Failure.cannotStart`.
  public init(command: [String], directory: String) throws(Failure) {
    guard !command.isEmpty else { throw .cannotStart("the manifest's command is empty") }
    // A write to an engine that has exited must come back as an error, not end the runner.
    signal(SIGPIPE, SIG_IGN)
    let toEngine = Pipe()
    let fromEngine = Pipe()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = command
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    process.standardInput = toEngine
    process.standardOutput = fromEngine
    process.standardError = FileHandle.standardError
    do { try process.run() } catch { throw .cannotStart("\(command.joined(separator: " ")): \(error)") }
    input = toEngine.fileHandleForWriting
    output = fromEngine.fileHandleForReading.fileDescriptor
    // Keep the read end's handle alive with the process: its descriptor is read directly.
    readHandle = fromEngine.fileHandleForReading
  }

  private let readHandle: FileHandle

  /// Sends one message as a line. - Throws: `Failure.ended` when the engine is gone.
  public func send(_ message: JSONValue) throws(Failure) {
    var line = JSONWriter.text(of: message)
    line.append("\n")
    do { try input.write(contentsOf: Data(line.utf8)) } catch { throw .ended(status: exitStatus()) }
  }

  /// The next message, waiting at most `timeout` seconds for each line.
  /// - Throws: `Failure.ended` at the end of its output, `.silent` after the timeout (the
  ///   engine is then stopped), `.notJSON` for a line that is not a JSON value.
  public func receive(timeout: Double) throws(Failure) -> JSONValue {
    let line = try readLine(timeout: timeout)
    do { return try JSONValue.parse(line, file: "engine output") } catch { throw .notJSON(line: line, error: "\(error)") }
  }

  private func readLine(timeout: Double) throws(Failure) -> String {
    let deadline = Date().addingTimeInterval(timeout)
    while true {
      if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
        let line = String(decoding: buffer[..<newline], as: UTF8.self)
        buffer.removeSubrange(...newline)
        if line.trimmingCharacters(in: .whitespaces).isEmpty { continue }
        return line
      }
      let left = deadline.timeIntervalSinceNow
      if left <= 0 {
        stop()
        throw .silent(seconds: timeout)
      }
      var descriptor = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
      let ready = poll(&descriptor, 1, Int32(min(left, 3600) * 1000) + 1)
      if ready < 0 && errno == EINTR { continue }
      if ready <= 0 { continue }
      var chunk = [UInt8](repeating: 0, count: 65536)
      let count = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      if count <= 0 {
        process.waitUntilExit()
        throw .ended(status: process.terminationStatus)
      }
      buffer.append(contentsOf: chunk[..<count])
    }
  }

  /// The exit status once the engine has exited, else nil.
  public func exitStatus() -> Int32? {
    process.isRunning ? nil : process.terminationStatus
  }

  /// Says `bye` and waits up to `grace` seconds for the engine to exit, then stops it.
  public func finish(grace: Double = 5) {
    try? send(.object([("message", .string("bye"))]))
    try? input.close()
    let deadline = Date().addingTimeInterval(grace)
    while process.isRunning && Date() < deadline { usleep(10_000) }
    stop()
  }

  /// Stops the engine (SIGTERM, then SIGKILL after a second) and reaps it.
  public func stop() {
    guard process.isRunning else { return }
    process.terminate()
    let deadline = Date().addingTimeInterval(1)
    while process.isRunning && Date() < deadline { usleep(10_000) }
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
  }

  deinit { stop() }
}

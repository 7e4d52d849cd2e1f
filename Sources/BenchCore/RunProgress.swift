import Foundation

/// The progress of a run on standard error: on a terminal one live line rewritten in place
/// (case, repetition, elapsed time) above which each finished case leaves a line; otherwise
/// (CI logs, pipes) only the finished-case lines, so logs stay readable.
public final class RunProgress {
  public let isTerminal: Bool
  private var live = ""
  private var caseStartedAt = Date()
  private var prefix = ""

  public init(isTerminal: Bool = isatty(STDERR_FILENO) == 1) {
    self.isTerminal = isTerminal
  }

  public func caseStarted(_ index: Int, of total: Int, _ description: String) {
    let width = String(total).count
    let number = String(index + 1)
    prefix = "[\(String(repeating: " ", count: width - number.count))\(number)/\(total)] \(description)"
    caseStartedAt = Date()
    show(prefix)
  }

  /// A status within the case ("rep 2/5"); shown only on a terminal.
  public func update(_ status: String) {
    let seconds = Int(Date().timeIntervalSince(caseStartedAt))
    show("\(prefix): \(status) (\(seconds) s)")
  }

  /// A line that stays (a finished case, a warning).
  public func line(_ text: String) {
    clear()
    FileHandle.standardError.write(Data((text + "\n").utf8))
    if isTerminal && !live.isEmpty { write(live) }
  }

  public func caseFinished(_ summary: String) {
    live = ""
    line("\(prefix): \(summary)")
  }

  private func show(_ text: String) {
    guard isTerminal else { return }
    clear()
    live = text
    write(text)
  }

  private func clear() {
    if isTerminal { write("\r\u{1B}[2K") }
  }

  private func write(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
  }
}

import Foundation

/// The progress of a run on standard error: on a terminal one live line rewritten in place
/// (case, repetition, elapsed time, predicted time left) above which each finished case
/// leaves a line; otherwise (CI logs, pipes) only the finished-case lines, so logs stay
/// readable. The time left (``RemainingTime``) ends both kinds of line.
public final class RunProgress {
  public let isTerminal: Bool
  private var live = ""
  private var caseStartedAt = Date()
  private var prefix = ""
  private var timeLeft: String?

  public init(isTerminal: Bool = isatty(STDERR_FILENO) == 1) {
    self.isTerminal = isTerminal
  }

  /// `timeLeft`: the predicted time for this case and the ones after it, e.g. `about 3 min
  /// 20 s left` (``RemainingTime/description``).
  public func caseStarted(_ index: Int, of total: Int, _ description: String, timeLeft: String? = nil) {
    let width = String(total).count
    let number = String(index + 1)
    prefix = "[\(String(repeating: " ", count: width - number.count))\(number)/\(total)] \(description)"
    self.timeLeft = timeLeft
    caseStartedAt = Date()
    show(Self.join(prefix, timeLeft))
  }

  /// A status within the case ("rep 2/5"); shown only on a terminal.
  public func update(_ status: String) {
    let seconds = Int(Date().timeIntervalSince(caseStartedAt))
    show(Self.join("\(prefix): \(status) (\(seconds) s)", timeLeft))
  }

  /// A line that stays (a finished case, a warning).
  public func line(_ text: String) {
    clear()
    FileHandle.standardError.write(Data((text + "\n").utf8))
    if isTerminal && !live.isEmpty { write(live) }
  }

  /// `timeLeft`: the predicted time for the cases after this one.
  public func caseFinished(_ summary: String, timeLeft: String? = nil) {
    live = ""
    line(Self.join("\(prefix): \(summary)", timeLeft))
  }

  /// `[ 3/32] stack.fill.horizontal n=10 cassowary: rep 2/5 (1 s); about 3 min 20 s left`.
  static func join(_ text: String, _ timeLeft: String?) -> String {
    timeLeft.map { "\(text); \($0)" } ?? text
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

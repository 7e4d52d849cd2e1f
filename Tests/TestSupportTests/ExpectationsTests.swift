import LayoutModel
import Synchronization
import TestSupport
import Testing

@Suite("Expectations")
struct ExpectationsTests {
  @Test func closeValuesPass() {
    expectClose(0.1 + 0.2, 0.3)
    expectClose(1e9 + 50, 1e9, "relative 1e-7 of 1e9 is 100")
    expectClose([1, 2.0000000001], [1, 2])
    expectClose(1.5, 1, tolerance: Tolerance(absolute: 0.5, relative: 0))
  }

  /// Each far-apart comparison must record exactly one issue that names both values.
  @Test func farValuesRecordAnIssueWithBothValues() {
    let messages = recordedMessages {
      expectClose(1.0, 1.5, "scalar")
      expectClose(.nan, .nan, "nan")
      expectClose([1, 2, 3], [1, 2.5, 3], "array")
      expectClose([1], [1, 2], "count")
    }
    #expect(messages.count == 4, "\(messages)")
    guard messages.count == 4 else { return }
    #expect(
      messages[0].contains("1.0") && messages[0].contains("1.5") && messages[0].contains("-0.5"))
    #expect(messages[0].contains("scalar"))
    #expect(messages[1].contains("nan"))
    #expect(messages[2].contains("[1] 2.0 vs expected 2.5") && messages[2].contains("array"))
    #expect(messages[3].contains("expected 2 values, got 1"))
  }
}

/// The comments of every issue `body` records; the issues are marked known so they do not
/// fail this test, and if none is recorded withKnownIssue itself reports that.
func recordedMessages(_ body: () -> Void) -> [String] {
  let collected = Mutex<[String]>([])
  withKnownIssue {
    body()
  } matching: { issue in
    let text = issue.comments.map(\.rawValue).joined(separator: " ")
    collected.withLock { $0.append(text) }
    return true
  }
  return collected.withLock { $0 }
}

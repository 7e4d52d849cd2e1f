import LayoutModel
import Testing

/// Records an issue unless `actual` and `expected` are close under `tolerance`
/// (``Tolerance/isClose(_:_:scale:)``). Computed doubles are never compared with `==`.
/// The message names both values and their difference. O(1).
public func expectClose(
  _ actual: Double, _ expected: Double, tolerance: Tolerance = .comparison,
  _ comment: @autoclosure () -> String = "",
  sourceLocation: SourceLocation = #_sourceLocation
) {
  // NaN is never close to anything, itself included: a NaN result is always a failure.
  if !actual.isNaN, !expected.isNaN, tolerance.isClose(actual, expected) { return }
  Issue.record(
    Comment(
      rawValue: closeFailure(
        "\(actual)", "\(expected)", difference: actual - expected, tolerance, comment())),
    sourceLocation: sourceLocation)
}

/// Element-wise ``expectClose(_:_:tolerance:_:sourceLocation:)`` for arrays: one issue
/// listing every mismatching index (or the count mismatch). O(n).
public func expectClose(
  _ actual: [Double], _ expected: [Double], tolerance: Tolerance = .comparison,
  _ comment: @autoclosure () -> String = "",
  sourceLocation: SourceLocation = #_sourceLocation
) {
  guard actual.count == expected.count else {
    Issue.record(
      Comment(
        rawValue: "expected \(expected.count) values, got \(actual.count): "
          + "\(actual) vs expected \(expected)" + suffix(comment())),
      sourceLocation: sourceLocation)
    return
  }
  let mismatches = zip(actual, expected).enumerated().filter { _, pair in
    pair.0.isNaN || pair.1.isNaN || !tolerance.isClose(pair.0, pair.1)
  }
  guard !mismatches.isEmpty else { return }
  let details = mismatches.map { index, pair in
    "[\(index)] \(pair.0) vs expected \(pair.1) (difference \(pair.0 - pair.1))"
  }
  Issue.record(
    Comment(
      rawValue: "values not close (tolerance absolute \(tolerance.absolute), relative "
        + "\(tolerance.relative)): \(details.joined(separator: "; ")); actual \(actual), "
        + "expected \(expected)" + suffix(comment())),
    sourceLocation: sourceLocation)
}

private func closeFailure(
  _ actual: String, _ expected: String, difference: Double, _ tolerance: Tolerance,
  _ comment: String
) -> String {
  "\(actual) is not close to expected \(expected) (difference \(difference); tolerance "
    + "absolute \(tolerance.absolute), relative \(tolerance.relative))" + suffix(comment)
}

private func suffix(_ comment: String) -> String {
  comment.isEmpty ? "" : " — \(comment)"
}

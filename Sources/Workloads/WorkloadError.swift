/// Why a workload could not be generated or looked up.
public enum WorkloadError: Error, Hashable, Sendable, CustomStringConvertible {
  /// `size` is not one the workload accepts (``Workload/sizes``).
  case sizeOutOfRange(workload: String, size: Int, sizes: ClosedRange<Int>)

  public var description: String {
    switch self {
    case .sizeOutOfRange(let workload, let size, let sizes):
      sizes.count == 1
        ? "workload '\(workload)' has one size, \(sizes.lowerBound); \(size) was asked for"
        : "workload '\(workload)' takes sizes \(sizes.lowerBound) to \(sizes.upperBound); \(size) was asked for"
    }
  }
}

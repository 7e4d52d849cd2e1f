/// A run of consecutive steps measured as one sample of `phase` (`resizeContainer`,
/// `sizeClassSwap`, `rebuild`, ...; docs/workloads.md lists them).
public struct WorkloadOperation: Hashable, Sendable {
  public var phase: String
  public var steps: Range<Int>

  public init(phase: String, steps: Range<Int>) {
    self.phase = phase
    self.steps = steps
  }
}

/// A named list of workloads that `bench run --suite NAME` runs.
public struct Suite: Sendable {
  public var name: String
  public var summary: String
  public var workloads: [Workload]

  public init(name: String, summary: String, workloads: [Workload]) {
    self.name = name
    self.summary = summary
    self.workloads = workloads
  }
}

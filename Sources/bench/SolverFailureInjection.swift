import LayoutModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A backend made to fail, so that what `bench solve` does when a backend reports an
/// internal error (exit status 4; under `--check`, a failure of another backend reported
/// beside the reference's answer) can be shown end to end: correct backends give no way to
/// make one fail. `LAYOUTBENCH_INJECT_SOLVER_FAILURE=NAME` makes the run of the backend
/// named NAME fail with `internalInconsistency` before it starts (docs/testing.md).
enum SolverFailureInjection {
  static let environmentVariable = "LAYOUTBENCH_INJECT_SOLVER_FAILURE"

  /// The injected failure for `backend`, or nil when the environment names another
  /// backend or none. O(length of the variable).
  static func failure(for backend: String) -> SolverError? {
    guard let raw = getenv(environmentVariable), String(cString: raw) == backend else { return nil }
    return .internalInconsistency("failure injected by \(environmentVariable)")
  }
}

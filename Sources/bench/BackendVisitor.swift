import LayoutModel

/// Something `bench` does with a backend, written once for every solver type.
///
/// ``BackendRegistry/visitAll(_:)`` calls ``visit(_:makeSolver:)`` with each backend's
/// concrete solver type, so a conforming type's generic code is compiled for that type.
protocol BackendVisitor {
  associatedtype Failure: Error
  mutating func visit<Solver: LinearSolver>(
    _ backend: BackendRegistry.Entry, makeSolver: () -> Solver
  ) throws(Failure)
}

import Scene

/// Something `bench` does with a layout backend, written once for every backend type.
///
/// ``LayoutBackendRegistry/visitAll(_:)`` calls ``visit(_:makeBackend:)`` with each
/// backend's concrete type, so a conforming type's generic code is compiled for that type.
protocol LayoutBackendVisitor {
  associatedtype Failure: Error
  mutating func visit<Backend: LayoutBackend>(
    _ backend: LayoutBackendRegistry.Entry, makeBackend: (LayoutBackendRegistry.Options) -> Backend
  ) throws(Failure)
}

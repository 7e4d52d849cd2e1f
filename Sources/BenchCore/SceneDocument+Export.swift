import Interchange
import LayoutModel
import Replay
import Scene

extension SceneDocument {
  /// The scene lowered to a `layoutbench.constraints/1` system: the solver calls a
  /// `ConstraintLayout` over `base` makes for the initial layout and for each operation
  /// (``RecordedSystem``), with this document's `workload` and `operations` extensions.
  /// Any correct solver records the same system up to ties; the caller names it.
  /// - Complexity: that of laying out the scene once on `base`, every operation included.
  /// - Throws: ``WorkloadExportError``: `.noSingleSystem` for a scene with a table, whose
  ///   rows are laid out as systems of their own (formats.md 2.1); `.recording` when the
  ///   layout fails or makes a call the format cannot express.
  public func constraintSystem<Base: LinearSolver>(base: Base) throws(WorkloadExportError) -> ConstraintSystemDocument {
    if let reason = Self.singleSystemProblem(in: scene) { throw .noSingleSystem(reason) }
    do {
      return try RecordedSystem(recording: self, base: base).document
    } catch {
      throw .recording(error)
    }
  }

  /// Why `scene`'s layout is not one constraint system: its first table, which fits each
  /// of its rows as a system of its own (formats.md 2.1); nil when it has none. O(views).
  public static func singleSystemProblem(in scene: Scene) -> String? {
    guard let table = scene.tables.first, let id = scene.view(table)?.id else { return nil }
    return "table '\(id)' fits each of its rows as a system of its own"
  }
}

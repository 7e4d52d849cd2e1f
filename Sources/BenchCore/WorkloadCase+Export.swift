import Flexbox
import Interchange
import LayoutModel
import Replay
import Scene
import StrictJSON
import Workloads

extension WorkloadCase {
  /// The case as a `layoutbench.scene/1` document (`bench export --format scene`): its
  /// scene, its steps, and the `workload` and `operations` extensions
  /// (docs/interchange.md), paths as decoding the document's text gives them, so the
  /// document equals its own round trip. O(views · depth + constraints + steps).
  /// - Throws: `SceneError` when the case's initial scene is invalid (a generator bug).
  public func sceneDocument() throws(SceneError) -> SceneDocument {
    let stepsPath = JSONPath.root.appending("steps")
    let document = try SceneDocument(
      container: container, views: views,
      guides: guides.map { SceneDocument.GuideDescription(id: $0.id, owner: $0.owner, path: $0.path) },
      constraints: constraints,
      steps: steps.enumerated().map { SceneDocument.Step($0.element, path: stepsPath.appending($0.offset)) },
      workload: workloadInfo,
      operations: operations.map { MeasuredOperation(phase: $0.phase, steps: $0.steps) })
    return try document.withCanonicalPaths()
  }

  /// The `workload` extension object: name, size, seed and parameters.
  public var workloadInfo: WorkloadInfo {
    WorkloadInfo(
      name: workload, size: size, seed: seed,
      parameters: parameters.map { WorkloadInfo.Parameter(key: $0.key, value: $0.value) })
  }

  /// The case lowered to a `layoutbench.constraints/1` system (`bench export --format
  /// constraints`): the solver calls a `ConstraintLayout` over `base` makes for the
  /// initial layout and for each operation (``RecordedSystem``), with the `workload` and
  /// `operations` extensions. Any correct solver records the same system up to ties; the
  /// caller names it (BenchCore names no backend).
  /// - Complexity: that of laying out the case once on `base`, every operation included.
  /// - Throws: ``WorkloadExportError``; `.noSingleSystem` for a scene with a table, whose
  ///   rows are laid out as systems of their own (formats.md 2.1).
  public func constraintSystem<Base: LinearSolver>(base: Base) throws(WorkloadExportError) -> ConstraintSystemDocument {
    let document: SceneDocument
    do { document = try sceneDocument() } catch { throw .invalidScene(error) }
    return try document.constraintSystem(base: base)
  }
}

extension WorkloadCase {
  /// The case as a `layoutbench.flex/1` document (`bench export --format flex`,
  /// docs/flexbox.md), with the `workload` and `operations` extensions.
  /// - Complexity: O(views · depth + views · states).
  /// - Throws: ``WorkloadExportError``; `.noFlexbox` for a case flexbox cannot express.
  public func flexDocument() throws(WorkloadExportError) -> FlexDocument {
    let document: SceneDocument
    do { document = try sceneDocument() } catch { throw .invalidScene(error) }
    do {
      return try FlexMapping.document(for: document)
    } catch {
      throw .noFlexbox(error)
    }
  }
}

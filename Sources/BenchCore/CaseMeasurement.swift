import Interchange
import LayoutModel
import Measurement
import Scene

/// How much to measure per case.
public struct MeasurementSettings: Hashable, Sendable {
  /// Timed repetitions wanted (each runs the whole trace on a fresh backend).
  public var repetitions: Int
  /// Timed repetitions run first and discarded.
  public var warmup: Int
  /// Wall time after which a case stops taking repetitions (it always keeps one).
  public var timeBudgetNanoseconds: UInt64
  /// Count allocations in a separate pass (when jemalloc counting is available).
  public var countsAllocations: Bool
  /// Read every state's diagnostics inside its measured layout, with the ambiguity probes
  /// on, as `bench layout` reports each state (`bench run --diagnostics`). Off, a layout's
  /// time is the layout and the frames only.
  public var readsDiagnostics: Bool

  public init(
    repetitions: Int = 5, warmup: Int = 1, timeBudgetSeconds: Double = 20, countsAllocations: Bool = true,
    readsDiagnostics: Bool = false
  ) {
    precondition(repetitions >= 1 && warmup >= 0 && timeBudgetSeconds > 0)
    self.readsDiagnostics = readsDiagnostics
    self.repetitions = repetitions
    self.warmup = warmup
    // A budget beyond the results format's range (1e9 s) means "no limit"; the clamp keeps
    // the conversion in range whatever the caller gives.
    self.timeBudgetNanoseconds = UInt64(min(timeBudgetSeconds, ResultsDocument.Limits.seconds) * 1e9)
    self.countsAllocations = countsAllocations
  }
}

/// What measuring a case gave.
public enum CaseOutcome: Sendable {
  /// `reference`: the reference kernel's time before each timed repetition.
  case measured(phases: [ResultsDocument.Phase], repetitions: Int, reference: ResultsDocument.Reference)
  /// The backend cannot express the scene or is over a limit: not a failure.
  case skipped(reason: String)
  case failed(String)
}

/// The measured loop for one case on one backend type (generic, so every backend call is
/// direct). Per repetition, outside the clock: a fresh scene and backend, and each change
/// applied to the scene model. Inside the clock: `load` (phase `build`), the first
/// `layoutIfNeeded` plus reading every frame (`firstLayout`), and per operation each
/// step's `update` plus one `layoutIfNeeded` and frame read (its phase), and the state's
/// diagnostics when `settings.readsDiagnostics`. Layouts go through `LayoutDriver`, so a
/// layout's time includes every pass it takes (formats.md 2.1).
///
/// The passes (counting, warm-up, timed repetitions beside the reference kernel) are
/// ``RepeatedMeasurement``'s, shared with ``SystemMeasurement``.
public struct CaseMeasurement<Backend: LayoutBackend>: RepeatedMeasurement {
  public let trace: MeasuredTrace
  public let settings: MeasurementSettings
  let makeBackend: () -> Backend
  /// Called between repetitions with a short status ("rep 2/5").
  public var onProgress: (String) -> Void = { _ in }
  /// Polled between repetitions; true stops the case (an interrupted run).
  public var shouldStop: () -> Bool = { false }

  /// Timed runs of the reference kernel before each timed repetition.
  public static var referenceRunsPerRepetition: Int { MeasurementLoop.referenceRunsPerRepetition }

  public init(trace: MeasuredTrace, settings: MeasurementSettings, makeBackend: @escaping () -> Backend) {
    self.trace = trace
    self.settings = settings
    self.makeBackend = makeBackend
  }

  /// Runs the case. Never throws: a failing case becomes `.failed`, an unsupported one
  /// `.skipped`.
  public func run() -> CaseOutcome {
    do throws(CaseFailure) {
      let scene: Scene
      do { scene = try trace.makeScene() } catch { throw .failed("the scene is invalid: \(error)") }
      if let element = Backend.unsupportedElement(in: scene) { throw .skipped(element) }
    } catch {
      return error.outcome
    }
    let phaseNames = trace.phaseNames
    return measure(
      phaseNames: phaseNames, phaseOfOperation: trace.operations.map { operation in phaseNames.firstIndex(of: operation.phase)! })
  }

  /// One run of the whole trace on a fresh scene and backend, metered by `meter`.
  func repetition<Meter: RegionMeter>(_ meter: inout Meter, _ phaseOfOperation: [Int]) throws(CaseFailure) {
    var scene: Scene
    do { scene = try trace.makeScene() } catch { throw .failed("the scene is invalid: \(error)") }
    let backend = makeBackend()
    let driver = LayoutDriver(backend, rowBackends: makeBackend)
    var frames = [Rect](repeating: .zero, count: scene.views.count)
    let readsDiagnostics = settings.readsDiagnostics
    var diagnosticsRead = 0
    meter.start(driver.counters)
    do { try driver.load(&scene) } catch { throw CaseFailure(error) }
    meter.stop(driver.counters)
    meter.finishOperation(phase: 0)

    meter.start(driver.counters)
    do { try driver.layoutIfNeeded(&scene) } catch { throw CaseFailure(error) }
    frames.withUnsafeMutableBufferPointer { driver.writeFrames(of: scene, into: $0) }
    if readsDiagnostics { diagnosticsRead &+= driver.diagnostics(of: scene).count }
    meter.stop(driver.counters)
    meter.finishOperation(phase: 1)

    for (k, operation) in trace.operations.enumerated() {
      for step in operation.steps {
        let delta: SceneDelta
        do { delta = try scene.apply(trace.steps[step], path: "steps[\(step)]") } catch {
          throw .failed("step \(step) does not apply: \(error)")
        }
        meter.start(driver.counters)
        do { try driver.update(&scene, delta) } catch { throw CaseFailure(error) }
        meter.stop(driver.counters)
      }
      if frames.count < scene.views.count {
        frames.append(contentsOf: repeatElement(.zero, count: scene.views.count - frames.count))
      }
      meter.start(driver.counters)
      do { try driver.layoutIfNeeded(&scene) } catch { throw CaseFailure(error) }
      frames.withUnsafeMutableBufferPointer { driver.writeFrames(of: scene, into: $0) }
      if readsDiagnostics { diagnosticsRead &+= driver.diagnostics(of: scene).count }
      meter.stop(driver.counters)
      meter.finishOperation(phase: phaseOfOperation[k])
    }
    // Keeps the frames and diagnostics alive to the end, so that reading them cannot be
    // optimised away.
    if frames.isEmpty || diagnosticsRead < 0 { meter.note(0) }
  }
}

enum CaseFailure: Error {
  case skipped(String)
  case failed(String)

  var outcome: CaseOutcome {
    switch self {
    case .skipped(let reason): .skipped(reason: reason)
    case .failed(let message): .failed(message)
    }
  }

  init(_ error: LayoutError) {
    switch error {
    case .unsupported(let message): self = .skipped(message)
    case .solver(.limitExceeded(let message)): self = .skipped(message)
    case .solver(let error): self = .failed(error.description)
    }
  }
}

import Foundation
import LayoutModel
import Measurement
import Scene

/// A deliberate regression, so the gate can be shown to catch one end to end (`bench run`
/// and `bench gate` read it from `LAYOUTBENCH_INJECT_REGRESSION`; docs/comparing.md):
///
/// * `allocation` — every layout pass makes one extra heap allocation;
/// * `slowdown:F` — every measured call spins for F times its own duration afterwards
///   (`slowdown:0.25` makes every phase 25 % slower).
///
/// Cases measured with one carry the parameter `injectedRegression`, so such results are
/// never mistaken for real ones.
public enum RegressionInjection: Hashable, Sendable, CustomStringConvertible {
  case allocation
  case slowdown(Double)

  public static let environmentVariable = "LAYOUTBENCH_INJECT_REGRESSION"
  /// The case parameter that marks results measured with an injection.
  public static let parameterName = "injectedRegression"

  /// Parses `allocation` or `slowdown:F` (F > 0); nil for anything else.
  public init?(parsing text: String) {
    if text == "allocation" {
      self = .allocation
    } else if text.hasPrefix("slowdown:"), let factor = Double(text.dropFirst("slowdown:".count)), factor > 0,
      factor.isFinite
    {
      self = .slowdown(factor)
    } else {
      return nil
    }
  }

  /// The injection the environment asks for; nil when the variable is unset or empty.
  /// - Throws: `Invalid` when it is set to something else.
  public static func fromEnvironment() throws(Invalid) -> RegressionInjection? {
    guard let text = ProcessInfo.processInfo.environment[environmentVariable], !text.isEmpty else { return nil }
    guard let injection = RegressionInjection(parsing: text) else {
      throw Invalid(description: "\(environmentVariable)='\(text)' is not 'allocation' or 'slowdown:F' with F > 0")
    }
    return injection
  }

  public struct Invalid: Error, CustomStringConvertible {
    public var description: String
  }

  public var description: String {
    switch self {
    case .allocation: "allocation"
    case .slowdown(let factor): "slowdown:\(factor)"
    }
  }
}

/// `Base` with a ``RegressionInjection`` applied to every measured call.
public final class InjectedRegression<Base: LayoutBackend>: LayoutBackend {
  public static var backendName: String { Base.backendName }
  public static func unsupportedElement(in scene: Scene) -> String? { Base.unsupportedElement(in: scene) }

  private let base: Base
  private let injection: RegressionInjection
  /// Replaced on every layout pass: a new buffer each time, which the optimiser cannot
  /// remove because the old one is released through the stored property.
  private var allocated: [Int] = []

  public init(_ base: Base, _ injection: RegressionInjection) {
    self.base = base
    self.injection = injection
  }

  public func load(_ scene: Scene) throws(LayoutError) {
    let start = MonotonicClock.now()
    try base.load(scene)
    slowDown(since: start)
  }

  public func update(_ scene: Scene, _ delta: SceneDelta) throws(LayoutError) {
    let start = MonotonicClock.now()
    try base.update(scene, delta)
    slowDown(since: start)
  }

  public func layoutIfNeeded(_ scene: Scene) throws(LayoutError) {
    let start = MonotonicClock.now()
    try base.layoutIfNeeded(scene)
    if case .allocation = injection { allocated = [allocated.count] }
    slowDown(since: start)
  }

  public func writeFrames(of scene: Scene, into frames: UnsafeMutableBufferPointer<Rect>) {
    base.writeFrames(of: scene, into: frames)
  }

  public func diagnostics(of scene: Scene) -> [LayoutDiagnostic] { base.diagnostics(of: scene) }
  public func contentSize(of scrollView: ViewIndex, in scene: Scene) -> AxisPair<Double>? {
    base.contentSize(of: scrollView, in: scene)
  }
  public var counters: SolverCounters { base.counters }

  private func slowDown(since start: UInt64) {
    guard case .slowdown(let factor) = injection else { return }
    let took = MonotonicClock.now() - start
    let until = MonotonicClock.now() + UInt64(Double(took) * factor)
    while MonotonicClock.now() < until {}
  }
}

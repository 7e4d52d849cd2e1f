/// Which accelerations a ``CassowarySolver`` runs on top of its core (docs/accelerations.md
/// has one section per mechanism). Every acceleration keeps the core's results: the same
/// optimum and, where the mechanism says so, the same basis and counters. Switching one
/// off measures what it buys, and ``core`` is the algorithm of docs/algorithm.md alone.
///
/// A tuning is named by a specification: `default` (every acceleration on), `core`
/// (every one off), optionally followed by `+name` and `-name` switches, or switches
/// alone, which apply to `default`: `core+heldFlips`, `-heldFlips-localPivots`.
public struct Tuning: Hashable, Sendable, CustomStringConvertible {
  /// Optional inequalities on one expression share one row (SharedRows.swift).
  public var sharedRows = true
  /// New constants of a shared row wait until every member has one (PendingConstants.swift).
  public var heldConstants = true
  /// `replace` renames a removal that an addition repeats instead of pivoting (Renaming.swift).
  public var renaming = true
  /// A bulk batch enters its phase-one rows last, shortest first (PhaseOneSetAside.swift).
  public var phaseOneSetAside = true
  /// A dual pivot with one candidate in no other row solves that row alone (LocalPivots.swift).
  public var localPivots = true
  /// Flips that reach no other row wait in their rows (HeldFlips.swift).
  public var heldFlips = true
  /// A dual pivot on a long row defers its objective update (DeferredObjective.swift).
  public var deferredObjective = true
  /// The rows a constant shift moves are remembered per marker (ShiftColumns.swift).
  public var shiftColumns = true
  /// After constants moved in place, only the rows downstream are evaluated (IncrementalEvaluation.swift).
  public var incrementalEvaluation = true
  /// Full evaluations run a flattened copy of the C_U rows (EvaluationProgram.swift).
  public var evaluationProgram = true

  /// Every acceleration on: what `CassowarySolver()` runs.
  public static let `default` = Tuning()

  /// Every acceleration off: the core alone.
  public static let core: Tuning = {
    var tuning = Tuning()
    for name in Tuning.switchNames { tuning[switch: name] = false }
    return tuning
  }()

  public init() {}

  /// The switches, in the order ``description`` lists them.
  public static let switchNames: [String] = [
    "sharedRows", "heldConstants", "renaming", "phaseOneSetAside", "localPivots", "heldFlips",
    "deferredObjective", "shiftColumns", "incrementalEvaluation", "evaluationProgram",
  ]

  /// A switch by name (one of ``switchNames``; traps on another).
  public subscript(switch name: String) -> Bool {
    get {
      switch name {
      case "sharedRows": sharedRows
      case "heldConstants": heldConstants
      case "renaming": renaming
      case "phaseOneSetAside": phaseOneSetAside
      case "localPivots": localPivots
      case "heldFlips": heldFlips
      case "deferredObjective": deferredObjective
      case "shiftColumns": shiftColumns
      case "incrementalEvaluation": incrementalEvaluation
      case "evaluationProgram": evaluationProgram
      default: preconditionFailure("no tuning switch \(name)")
      }
    }
    set {
      switch name {
      case "sharedRows": sharedRows = newValue
      case "heldConstants": heldConstants = newValue
      case "renaming": renaming = newValue
      case "phaseOneSetAside": phaseOneSetAside = newValue
      case "localPivots": localPivots = newValue
      case "heldFlips": heldFlips = newValue
      case "deferredObjective": deferredObjective = newValue
      case "shiftColumns": shiftColumns = newValue
      case "incrementalEvaluation": incrementalEvaluation = newValue
      case "evaluationProgram": evaluationProgram = newValue
      default: preconditionFailure("no tuning switch \(name)")
      }
    }
  }

  /// Why a specification names no tuning.
  public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
    public let specification: String
    public let reason: String
    public var description: String { "tuning '\(specification)': \(reason)" }
  }

  /// The tuning a specification names (see the type's documentation).
  /// - Complexity: O(length of the specification).
  /// - Throws: ``ParseError`` for an empty specification, a base other than `default` or
  ///   `core`, or an unknown switch (the message lists the known ones).
  public init(parsing specification: String) throws(ParseError) {
    var rest = Substring(specification)
    if rest.hasPrefix("core") {
      self = .core
      rest = rest.dropFirst(4)
    } else if rest.hasPrefix("default") {
      self = .default
      rest = rest.dropFirst(7)
    } else {
      self = .default
    }
    guard !specification.isEmpty else { throw ParseError(specification: specification, reason: "empty") }
    while let sign = rest.first {
      guard sign == "+" || sign == "-" else {
        throw ParseError(
          specification: specification, reason: "expected core, default, +switch or -switch at '\(rest)'")
      }
      rest = rest.dropFirst()
      let name = rest.prefix { $0 != "+" && $0 != "-" }
      rest = rest.dropFirst(name.count)
      guard Self.switchNames.contains(String(name)) else {
        throw ParseError(
          specification: specification,
          reason: "unknown switch '\(name)'; switches: \(Self.switchNames.joined(separator: ", "))")
      }
      self[switch: String(name)] = sign == "+"
    }
  }

  /// The shortest specification of this tuning: `default`, `core`, or the one of them it
  /// differs from less, with its switches (`-heldFlips`, `core+heldFlips`).
  public var description: String {
    let off = Self.switchNames.filter { !self[switch: $0] }
    let on = Self.switchNames.filter { self[switch: $0] }
    if off.isEmpty { return "default" }
    if on.isEmpty { return "core" }
    if off.count <= on.count { return off.map { "-" + $0 }.joined() }
    return "core" + on.map { "+" + $0 }.joined()
  }
}

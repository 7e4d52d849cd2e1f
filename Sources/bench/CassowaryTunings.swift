import Cassowary

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Tuned Cassowary backends beside `cassowary`, one per entry of
/// `LAYOUTBENCH_CASSOWARY_TUNING` (a comma-separated list of tunings, docs/running.md):
/// `core,-heldFlips` adds `cassowary:core` and `cassowary:-heldFlips` to every command's
/// registry (solve, layout, explain, run, list), so that one run measures what an acceleration buys
/// (docs/accelerations.md). Unset or empty, no backend is added.
enum CassowaryTunings {
  static let environmentVariable = "LAYOUTBENCH_CASSOWARY_TUNING"

  /// One tuned backend: its registry name (`cassowary:` and the entry as written) and tuning.
  struct Backend: Sendable {
    let name: String
    let tuning: Tuning

    /// What `bench list` says about it.
    var summary: String {
      let off = Tuning.switchNames.filter { !tuning[switch: $0] }
      let what = off.isEmpty ? "every acceleration on" : "accelerations off: \(off.joined(separator: ", "))"
      return "cassowary with tuning \(tuning) (\(environmentVariable)): \(what)"
    }
  }

  /// The backends the environment asks for, in its order; an entry repeated counts once.
  /// An entry that names no tuning stops `bench` with exit status 2, naming the variable.
  static let requested: [Backend] = {
    guard let raw = getenv(environmentVariable) else { return [] }
    switch parse(String(cString: raw)) {
    case .success(let backends): return backends
    case .failure(let error):
      StandardError.print("error: \(environmentVariable): \(error)")
      exit(2)
    }
  }()

  /// The backends a list names. O(length of the list).
  static func parse(_ list: String) -> Result<[Backend], Tuning.ParseError> {
    var backends: [Backend] = []
    for entry in list.split(separator: ",") {
      let specification = String(entry.filter { !$0.isWhitespace })
      guard !specification.isEmpty else { continue }
      let name = "\(CassowarySolver.backendName):\(specification)"
      guard !backends.contains(where: { $0.name == name }) else { continue }
      do {
        backends.append(Backend(name: name, tuning: try Tuning(parsing: specification)))
      } catch {
        return .failure(error)
      }
    }
    return .success(backends)
  }
}

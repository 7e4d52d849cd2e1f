/// The order in which `bench run` children run when a run is spread over processes
/// (`--processes K`; ``ResultsPooling`` says why) and, for the gate's same-run base, over
/// several builds: each child runs the whole plan with its share of the repetitions and
/// of the time budget. The builds' processes are interleaved (A B, B A, A B, …: neither
/// build always goes first), so that a slow minute on a shared host lands on both.
public struct ProcessSchedule: Hashable, Sendable {
  /// One child: the `process`-th (0-based) of its build, `build` an index into the builds.
  public struct Slot: Hashable, Sendable {
    public var process: Int
    public var build: Int
    public var repetitions: Int
    public var timeBudgetSeconds: Double

    public init(process: Int, build: Int, repetitions: Int, timeBudgetSeconds: Double) {
      self.process = process
      self.build = build
      self.repetitions = repetitions
      self.timeBudgetSeconds = timeBudgetSeconds
    }
  }

  public let builds: Int
  public let processes: Int
  public let repetitions: Int
  public let timeBudgetSeconds: Double

  /// - Precondition: `builds` and `processes` are at least 1.
  public init(builds: Int, processes: Int, repetitions: Int, timeBudgetSeconds: Double) {
    precondition(builds >= 1 && processes >= 1, "a schedule needs a build and a process")
    self.builds = builds
    self.processes = processes
    self.repetitions = repetitions
    self.timeBudgetSeconds = timeBudgetSeconds
  }

  /// The repetitions of the `process`-th child of a build, dealt out as evenly as they
  /// go: 20 over 3 is 7, 7, 6. O(1).
  public func repetitions(ofProcess process: Int) -> Int {
    repetitions / processes + (process < repetitions % processes ? 1 : 0)
  }

  /// Every child in the order they run: process by process, and within a process the
  /// builds in order for even processes and reversed for odd ones. O(processes × builds).
  public var slots: [Slot] {
    var slots: [Slot] = []
    slots.reserveCapacity(processes * builds)
    for process in 0..<processes {
      let order = process % 2 == 0 ? Array(0..<builds) : (0..<builds).reversed()
      for build in order {
        slots.append(
          Slot(
            process: process, build: build, repetitions: repetitions(ofProcess: process),
            timeBudgetSeconds: timeBudgetSeconds / Double(processes)))
      }
    }
    return slots
  }

  /// The command line of a slot's child: `run`, the run's `arguments` (which hold no
  /// `--processes`, `--repetitions`, `--time-budget` or `--out`), then the slot's share
  /// and its output file. O(arguments).
  public static func childArguments(_ arguments: [String], slot: Slot, out: String) -> [String] {
    ["run"] + arguments + [
      "--processes", "1", "--repetitions", String(slot.repetitions), "--time-budget", String(slot.timeBudgetSeconds),
      "--out", out,
    ]
  }
}

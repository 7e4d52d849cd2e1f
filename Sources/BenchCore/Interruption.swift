import Foundation
import Synchronization

/// Ctrl-C during a run: the first SIGINT (or SIGTERM) asks the run to stop after the
/// current repetition and write what finished; a second one kills the process at once
/// (the results file, rewritten after every case, still holds every finished case).
public enum Interruption {
  private static let requested = Atomic<Bool>(false)

  /// Whether a stop was asked for. Lock-free; safe to poll between repetitions.
  public static var isRequested: Bool { requested.load(ordering: .relaxed) }

  /// Installs the handlers. Call once before the run.
  public static func install() {
    for signal in [SIGINT, SIGTERM] {
      Glibc.signal(signal) { number in
        // Only async-signal-safe work here: an atomic store and resetting the handler.
        Interruption.requested.store(true, ordering: .relaxed)
        Glibc.signal(number, SIG_DFL)
      }
    }
  }
}

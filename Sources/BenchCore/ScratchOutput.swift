/// Where commands write when no output is named: `Results/scratch/`, which git ignores.
/// The committed results beside it change only when someone names them with `--out`, so a
/// trial run can never replace a committed file.
public enum ScratchOutput {
  /// The folder, relative to the working directory.
  public static let folder = "Results/scratch"

  /// The folder `bench report` writes into by default.
  public static let reportsFolder = folder + "/reports"

  /// `Results/scratch/<suite>[-system][-shard-i-of-n]-<stamp>.json`, the default results
  /// file of `bench run`; `timestamp` is ISO 8601 (`2026-12-06T05:15:00Z`) and loses its
  /// colons, which some file systems refuse (`2026-12-06T051500Z`). O(name length).
  public static func resultsPath(suite: String, system: Bool, shard: Shard?, timestamp: String) -> String {
    let stamp = timestamp.filter { $0 != ":" }
    let driverPart = system ? "-system" : ""
    let shardPart = shard.map { "-shard-\($0.index)-of-\($0.count)" } ?? ""
    return "\(folder)/\(suite)\(driverPart)\(shardPart)-\(stamp).json"
  }
}

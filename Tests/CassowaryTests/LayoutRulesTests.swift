import Foundation
import Testing

@testable import Cassowary

/// The source layout docs/accelerations.md describes: each file under Accelerations/
/// opens with the same header, every `Tuning` switch belongs to one of them, the core stays
/// small and no file grows past 600 lines.
@Suite struct LayoutRulesTests {
  static let sources = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources/Cassowary")

  static let headerLabels = ["Acceleration:", "Speeds up:", "Relaxes:", "Settled:", "Twin test:", "Switch:"]

  static func swiftFiles(in folder: String) throws -> [URL] {
    let url = folder.isEmpty ? sources : sources.appendingPathComponent(folder)
    return try FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: nil)
      .filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
  }

  /// The header's fields, label to text (continuation lines joined).
  static func header(of file: URL) throws -> [(label: String, text: String)] {
    var fields: [(label: String, text: String)] = []
    for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false) {
      guard line.hasPrefix("///") else { break }
      let body = line.dropFirst(3)
      if body.hasPrefix("   "), !fields.isEmpty {
        fields[fields.count - 1].text += " " + body.trimmingCharacters(in: .whitespaces)
      } else if let label = headerLabels.first(where: { body.hasPrefix(" " + $0) }) {
        fields.append((label, body.dropFirst(label.count + 1).trimmingCharacters(in: .whitespaces)))
      } else {
        break
      }
    }
    return fields
  }

  @Test func everyAccelerationOpensWithTheHeaderAndItsSwitchExists() throws {
    var switches: [String] = []
    let files = try Self.swiftFiles(in: "Accelerations")
    #expect(!files.isEmpty)
    for file in files {
      let fields = try Self.header(of: file)
      #expect(fields.map(\.label) == Self.headerLabels, "\(file.lastPathComponent): \(fields.map(\.label))")
      guard let value = fields.last?.text else { continue }
      if value.hasPrefix("Tuning.") {
        let name = String(value.dropFirst("Tuning.".count))
        #expect(Tuning.switchNames.contains(name), "\(file.lastPathComponent): no switch \(name)")
        switches.append(name)
      } else {
        #expect(value.hasPrefix("none"), "\(file.lastPathComponent): switch '\(value)'")
      }
    }
    #expect(switches.sorted() == Tuning.switchNames.sorted(), "each switch in exactly one header: \(switches)")
  }

  @Test func theCoreStaysSmallAndNoFileIsLong() throws {
    func lines(_ file: URL) throws -> Int {
      try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).count - 1
    }
    var core = 0
    for file in try Self.swiftFiles(in: "Core") { core += try lines(file) }
    #expect(core <= 2_500, "Core/ has \(core) lines")
    for folder in ["", "Core", "Accelerations", "Storage", "Reading"] {
      for file in try Self.swiftFiles(in: folder) {
        let count = try lines(file)
        #expect(count <= 600, "\(folder)/\(file.lastPathComponent) has \(count) lines")
      }
    }
  }
}

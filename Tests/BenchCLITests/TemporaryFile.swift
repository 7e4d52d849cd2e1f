import Foundation

/// An input file in a folder of its own under the system's temporary directory; ``remove()``
/// deletes both.
struct TemporaryFile {
  let url: URL
  var path: String { url.path }

  init(named name: String = "system.json", bytes: [UInt8]) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bench-input-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    url = folder.appendingPathComponent(name)
    try Data(bytes).write(to: url)
  }

  init(named name: String = "system.json", _ text: String) throws {
    try self.init(named: name, bytes: Array(text.utf8))
  }

  func remove() {
    try? FileManager.default.removeItem(at: url.deletingLastPathComponent())
  }
}

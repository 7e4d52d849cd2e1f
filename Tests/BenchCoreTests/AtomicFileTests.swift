import BenchCore
import Foundation
import Testing

/// Output files are written through a temporary file of a random name created without
/// following links, and only a regular file (or nothing) is replaced.
struct AtomicFileTests {
  static func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("atomic-file-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test func aRegularFileIsReplacedWhole() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("out.json").path
    try AtomicFile.write("first\n", to: path)
    try AtomicFile.write("second\n", to: path)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "second\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out.json"])
    let mask = umask(0o022)
    umask(mask)
    let permissions = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    #expect(permissions == 0o644 & ~Int(mask))
  }

  @Test func aSymbolicLinkIsRefusedAndItsTargetUntouched() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let target = folder.appendingPathComponent("victim.txt").path
    try "precious\n".write(toFile: target, atomically: false, encoding: .utf8)
    let link = folder.appendingPathComponent("out.json").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
    #expect(throws: AtomicFile.WriteError.self) { try AtomicFile.checkWritable(link) }
    #expect {
      try AtomicFile.write("overwritten\n", to: link)
    } throws: { "\($0)".contains("\(link): is a symbolic link") }
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "precious\n")
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
  }

  @Test func aFIFOIsRefusedWithoutBlocking() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let fifo = folder.appendingPathComponent("out.json").path
    #expect(mkfifo(fifo, 0o600) == 0)
    // Opening a FIFO for writing would wait for a reader; the check opens nothing.
    #expect { try AtomicFile.checkWritable(fifo) } throws: { "\($0)".contains("is a FIFO") }
    #expect { try AtomicFile.write("x", to: fifo) } throws: { "\($0)".contains("is a FIFO") }
    #expect(AtomicFile.irregularKind(at: fifo) == "a FIFO")
  }

  @Test func devicesAndDirectoriesAreRefused() throws {
    #expect(AtomicFile.irregularKind(at: "/dev/null") == "a character device")
    #expect { try AtomicFile.write("x", to: "/dev/null") } throws: { "\($0)".contains("/dev/null: is a character device") }
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect { try AtomicFile.checkWritable(folder.path) } throws: { "\($0)".contains("is a directory") }
    #expect(AtomicFile.irregularKind(at: folder.appendingPathComponent("missing").path) == nil)
  }

  /// A link planted at any name the temporary file might take is never followed: the
  /// temporary file is created exclusively, so a name that exists is skipped.
  @Test func plantedLinksBesideTheTargetAreNotFollowed() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let target = folder.appendingPathComponent("victim.txt").path
    try "precious\n".write(toFile: target, atomically: false, encoding: .utf8)
    // A name a pid-based scheme would take (`.NAME.PID.tmp`); the writer draws random ones.
    let predictable = folder.appendingPathComponent(".out.json.\(getpid()).tmp").path
    try FileManager.default.createSymbolicLink(atPath: predictable, withDestinationPath: target)
    let path = folder.appendingPathComponent("out.json").path
    for _ in 0..<20 { try AtomicFile.write("fresh\n", to: path) }
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "precious\n")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "fresh\n")
    #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder.path)) == ["victim.txt", "out.json", ".out.json.\(getpid()).tmp"])
  }
}

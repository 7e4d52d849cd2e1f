#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads input files whole, as bytes, so the JSON parser can report invalid UTF-8 instead
/// of having it replaced on the way in.
enum InputFile {
  /// Why a file could not be read, in the system's words ("No such file or directory").
  struct ReadError: Error, CustomStringConvertible {
    var description: String
  }

  /// The file's bytes. O(file size).
  /// - Throws: ``ReadError`` when the file cannot be opened or read (missing, a
  ///   directory, no permission).
  static func bytes(atPath path: String) throws(ReadError) -> [UInt8] {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { throw ReadError(description: "cannot open: \(systemMessage())") }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count > 0 {
        bytes.append(contentsOf: chunk[0..<count])
      } else if count == 0 {
        return bytes
      } else if errno != EINTR {
        throw ReadError(description: "cannot read: \(systemMessage())")
      }
    }
  }

  private static func systemMessage() -> String {
    String(cString: strerror(errno))
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes output files whole and atomically: the text goes to a temporary file in the
/// target's directory, which is then renamed over the target, so a reader never sees half
/// a file and a failed write leaves the old file as it was.
enum OutputFile {
  /// What went wrong, naming the path, in the system's words where it has some.
  struct WriteError: Error, CustomStringConvertible {
    var description: String
  }

  /// Checks, before any work, that `path` can be written: not a directory, its directory
  /// exists and is writable. O(1) system calls.
  /// - Throws: ``WriteError`` saying what is wrong.
  static func checkWritable(_ path: String) throws(WriteError) {
    var status = stat()
    if stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
      throw WriteError(description: "\(path): is a directory")
    }
    let folder = directory(of: path)
    guard stat(folder, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR else {
      throw WriteError(description: "\(path): the directory \(folder) does not exist")
    }
    guard access(folder, W_OK) == 0 else {
      throw WriteError(description: "\(path): the directory \(folder) is not writable")
    }
  }

  /// Writes `text` as UTF-8 to `path`, replacing any file there. O(text length).
  /// - Throws: ``WriteError`` when the temporary file cannot be written or renamed.
  static func save(_ text: String, to path: String) throws(WriteError) {
    let folder = directory(of: path)
    let name = path.split(separator: "/").last.map(String.init) ?? path
    let temporary = "\(folder)/.\(name).\(getpid()).tmp"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard descriptor >= 0 else { throw WriteError(description: "\(path): cannot write (\(systemMessage()))") }
    var failure: String?
    var bytes = text
    bytes.withUTF8 { buffer in
      guard let base = buffer.baseAddress else { return }
      var offset = 0
      while offset < buffer.count {
        let written = write(descriptor, base + offset, buffer.count - offset)
        if written > 0 {
          offset += written
        } else if written < 0 && errno != EINTR {
          failure = systemMessage()
          return
        }
      }
    }
    if close(descriptor) != 0, failure == nil { failure = systemMessage() }
    if let failure {
      unlink(temporary)
      throw WriteError(description: "\(path): cannot write (\(failure))")
    }
    guard rename(temporary, path) == 0 else {
      let reason = systemMessage()
      unlink(temporary)
      throw WriteError(description: "\(path): cannot replace the file (\(reason))")
    }
  }

  /// The directory part of a path, `.` when there is none.
  private static func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    let folder = String(path[..<slash])
    return folder.isEmpty ? "/" : folder
  }

  private static func systemMessage() -> String {
    String(cString: strerror(errno))
  }
}

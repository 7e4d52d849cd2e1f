#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes files whole and atomically, without following links: the text goes to a
/// temporary file of a random name in the target's folder, created exclusively
/// (`O_CREAT | O_EXCL | O_NOFOLLOW`, mode 0644 less the umask), and is renamed over the
/// target only when the target is a regular file or missing.
///
/// Why: a predictable temporary name opened without `O_EXCL` lets anyone who can write the
/// folder plant a symbolic link there and have its target overwritten; and renaming over a
/// FIFO, a device or a link replaces something that was never a results file. A reader,
/// or a run that is killed, never sees half a file.
public enum AtomicFile {
  /// What went wrong, naming the path, in the system's words where it has some.
  public struct WriteError: Error, CustomStringConvertible {
    public var description: String

    public init(description: String) {
      self.description = description
    }
  }

  /// What is at `path` when it is not a regular file (`a symbolic link`, `a FIFO`, `a
  /// character device`, `a block device`, `a directory`, `a socket`); nil for a regular
  /// file or nothing. Looks at the entry itself, never through a link, and opens
  /// nothing, so a FIFO cannot block. O(1) system calls.
  public static func irregularKind(at path: String) -> String? {
    var status = stat()
    guard lstat(path, &status) == 0 else { return nil }
    switch status.st_mode & S_IFMT {
    case S_IFREG: return nil
    case S_IFLNK: return "a symbolic link"
    case S_IFIFO: return "a FIFO"
    case S_IFCHR: return "a character device"
    case S_IFBLK: return "a block device"
    case S_IFDIR: return "a directory"
    case S_IFSOCK: return "a socket"
    default: return "not a regular file"
    }
  }

  /// Checks, before any work, that `path` can be replaced: a regular file or missing, in
  /// a folder that exists and is writable. O(1) system calls.
  /// - Throws: ``WriteError`` naming the path and what is wrong.
  public static func checkWritable(_ path: String) throws(WriteError) {
    if let kind = irregularKind(at: path) {
      throw WriteError(description: "\(path): is \(kind); only a regular file is replaced")
    }
    let folder = directory(of: path)
    var status = stat()
    guard stat(folder, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR else {
      throw WriteError(description: "\(path): the directory \(folder) does not exist")
    }
    guard access(folder, W_OK) == 0 else {
      throw WriteError(description: "\(path): the directory \(folder) is not writable")
    }
    if lstat(path, &status) == 0, access(path, W_OK) != 0 {
      throw WriteError(description: "\(path): the file is not writable")
    }
  }

  /// Writes `text` as UTF-8 to `path`, replacing a regular file there. The data is
  /// flushed to the disk before the rename, so a crash leaves the file that was there or the
  /// whole text. O(text length).
  /// - Throws: ``WriteError`` when `path` is not a regular file (checked again here: it
  ///   may have changed since ``checkWritable(_:)``), or the temporary file cannot be
  ///   created, written or renamed; the temporary file is removed then.
  public static func write(_ text: String, to path: String) throws(WriteError) {
    if let kind = irregularKind(at: path) {
      throw WriteError(description: "\(path): is \(kind); only a regular file is replaced")
    }
    let (descriptor, temporary) = try createTemporary(besides: path)
    var failure = writeWhole(text, to: descriptor)
    if failure == nil, fsync(descriptor) != 0 { failure = systemMessage() }
    if close(descriptor) != 0, failure == nil { failure = systemMessage() }
    if let failure {
      unlink(temporary)
      throw WriteError(description: "\(path): cannot write (\(failure))")
    }
    // rename(2) replaces the entry at `path` itself: a link planted there since the check
    // is replaced, its target never written.
    guard rename(temporary, path) == 0 else {
      let reason = systemMessage()
      unlink(temporary)
      throw WriteError(description: "\(path): cannot replace the file (\(reason))")
    }
  }

  /// An empty file of a random name in `path`'s folder, open for writing. Retries
  /// on a name that exists (never opens it). O(1) system calls, expected.
  /// - Throws: ``WriteError`` when no such file can be created.
  static func createTemporary(besides path: String) throws(WriteError) -> (descriptor: Int32, path: String) {
    let folder = directory(of: path)
    let name = path.split(separator: "/").last.map(String.init) ?? path
    for _ in 0..<100 {
      let suffix = String(UInt64.random(in: 0...UInt64.max), radix: 16)
      let temporary = "\(folder)/.\(name).\(suffix).tmp"
      let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
      if descriptor >= 0 { return (descriptor, temporary) }
      if errno != EEXIST { throw WriteError(description: "\(path): cannot write (\(systemMessage()))") }
    }
    throw WriteError(description: "\(path): cannot write (no free temporary name in \(folder))")
  }

  /// The directory part of a path, `.` when there is none.
  static func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    let folder = String(path[..<slash])
    return folder.isEmpty ? "/" : folder
  }

  private static func systemMessage() -> String {
    String(cString: strerror(errno))
  }
}

/// Writes all of `text` to `descriptor`, resuming after interruptions; the system's
/// message on failure, nil on success. Outside ``AtomicFile`` so that `write` is the
/// system call, not the enum's own method. O(text length).
private func writeWhole(_ text: String, to descriptor: Int32) -> String? {
  var bytes = text
  return bytes.withUTF8 { buffer -> String? in
    guard let base = buffer.baseAddress else { return nil }
    var offset = 0
    while offset < buffer.count {
      let written = write(descriptor, base + offset, buffer.count - offset)
      if written > 0 {
        offset += written
      } else if written < 0 && errno != EINTR {
        return String(cString: strerror(errno))
      }
    }
    return nil
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension OutputFile {
  /// Checks, before any work, that files can be written into the folder `path`: it is a
  /// writable folder, or it is missing and the nearest folder above it that exists is
  /// writable (so ``createFolder(_:)`` will succeed). O(depth of the path) system calls.
  /// - Throws: ``WriteError`` saying what is wrong.
  static func checkWritableFolder(_ path: String) throws(WriteError) {
    var status = stat()
    if stat(path, &status) == 0 {
      guard (status.st_mode & S_IFMT) == S_IFDIR else { throw WriteError(description: "\(path): is not a directory") }
      guard access(path, W_OK) == 0 else { throw WriteError(description: "\(path): the directory is not writable") }
      return
    }
    var ancestor = path
    while stat(ancestor, &status) != 0 {
      if ancestor == "." || ancestor == "/" {
        throw WriteError(description: "\(path): cannot create the directory (\(String(cString: strerror(errno))))")
      }
      let slash = ancestor.dropLast().lastIndex(of: "/")
      ancestor = slash.map { $0 == ancestor.startIndex ? "/" : String(ancestor[..<$0]) } ?? "."
    }
    guard (status.st_mode & S_IFMT) == S_IFDIR else {
      throw WriteError(description: "\(path): cannot create the directory: \(ancestor) is not a directory")
    }
    guard access(ancestor, W_OK) == 0 else {
      throw WriteError(description: "\(path): cannot create the directory: \(ancestor) is not writable")
    }
  }

  /// Creates the folder `path` and any missing folders above it (`mkdir -p`); nothing
  /// when it exists. O(depth of the path) system calls.
  /// - Throws: ``WriteError`` naming the folder that could not be made.
  static func createFolder(_ path: String) throws(WriteError) {
    var prefix = path.hasPrefix("/") ? "/" : ""
    for component in path.split(separator: "/") {
      prefix += component
      if mkdir(prefix, 0o755) != 0 && errno != EEXIST {
        throw WriteError(description: "\(path): cannot create \(prefix) (\(String(cString: strerror(errno))))")
      }
      prefix += "/"
    }
    var status = stat()
    guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR else {
      throw WriteError(description: "\(path): is not a directory")
    }
  }
}

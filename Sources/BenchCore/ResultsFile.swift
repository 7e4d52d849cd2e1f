import Foundation
import Interchange

/// Writes results files atomically: the text goes to a temporary file in the same
/// directory, which is then renamed over the target, so a reader (or an interrupted run)
/// never sees half a file.
public enum ResultsFile {
  public struct WriteError: Error, CustomStringConvertible {
    public var description: String
  }

  /// - Throws: `WriteError` naming the path when the directory is missing or unwritable.
  public static func write(_ document: ResultsDocument, to path: String) throws(WriteError) {
    let text = document.jsonText()
    let directory = (path as NSString).deletingLastPathComponent
    let temporary = (directory.isEmpty ? "." : directory) + "/.\((path as NSString).lastPathComponent).\(getpid()).tmp"
    guard FileManager.default.createFile(atPath: temporary, contents: Data(text.utf8)) else {
      throw WriteError(description: "\(path): cannot write (\(String(cString: strerror(errno))))")
    }
    guard rename(temporary, path) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(temporary)
      throw WriteError(description: "\(path): cannot replace the file (\(reason))")
    }
  }

  /// Checks before anything runs that `path` can be written: its directory exists and is
  /// writable, and the path is not a directory.
  /// - Throws: `WriteError` saying what is wrong.
  public static func checkWritable(_ path: String) throws(WriteError) {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
      throw WriteError(description: "\(path): is a directory")
    }
    let directory = (path as NSString).deletingLastPathComponent
    let folder = directory.isEmpty ? "." : directory
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
      throw WriteError(description: "\(path): the directory \(folder) does not exist")
    }
    guard access(folder, W_OK) == 0 else {
      throw WriteError(description: "\(path): the directory \(folder) is not writable")
    }
    if FileManager.default.fileExists(atPath: path), access(path, W_OK) != 0 {
      throw WriteError(description: "\(path): the file is not writable")
    }
  }
}

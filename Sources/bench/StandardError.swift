#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Messages for people go to standard error, so standard output holds only the document
/// a command produces.
enum StandardError {
  /// Writes `line` and a newline to file descriptor 2, unbuffered.
  static func print(_ line: String) {
    var text = line + "\n"
    text.withUTF8 { buffer in
      guard let base = buffer.baseAddress else { return }
      var offset = 0
      while offset < buffer.count {
        let written = write(2, base + offset, buffer.count - offset)
        if written > 0 {
          offset += written
        } else if written < 0 && errno == EINTR {
          continue
        } else {
          // Nowhere left to report a failing standard error; give up quietly.
          return
        }
      }
    }
  }
}

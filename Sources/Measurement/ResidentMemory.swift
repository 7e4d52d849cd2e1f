import Glibc

/// The process's resident memory (pages actually in RAM), in bytes.
///
/// Neither reading allocates after its first call (which may instantiate Swift runtime
/// metadata). Both go to the kernel: `peakBytes` about 0.8 µs, `currentBytes` about 7.5 µs
/// (open, read, close) on this machine kind, so they belong at phase boundaries, not in
/// inner loops. Either is nil when the kernel does not answer (no `/proc`, a sandbox
/// without `getrusage`); never 0 in its place.
public enum ResidentMemory {
  /// The high-water mark of resident memory since the process started
  /// (`getrusage(RUSAGE_SELF).ru_maxrss`, which Linux reports in KiB).
  ///
  /// It only grows, so a phase's own peak is visible only when it exceeds everything
  /// before it; run one case per process when per-case peaks matter. Both readings are
  /// the kernel's approximate per-CPU page counts and the high-water mark is updated
  /// lazily, so a peak read right after ``currentBytes()`` can be a few hundred KiB
  /// below it while other threads free memory.
  public static func peakBytes() -> UInt64? {
    var usage = rusage()
    guard getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage) == 0, usage.ru_maxrss > 0 else { return nil }
    return UInt64(usage.ru_maxrss) &* 1024
  }

  /// Resident memory now: the second field of `/proc/self/statm` (resident pages, file
  /// and anonymous together) times the page size.
  public static func currentBytes() -> UInt64? {
    let pageSize = sysconf(Int32(_SC_PAGESIZE))
    guard pageSize > 0 else { return nil }
    // A StaticString's bytes are passed as they are; converting a String argument to a C
    // string allocates a temporary copy in unoptimized builds.
    let path: StaticString = "/proc/self/statm"
    let descriptor = path.withUTF8Buffer { utf8 in
      utf8.baseAddress!.withMemoryRebound(to: CChar.self, capacity: utf8.count + 1) {
        open($0, O_RDONLY | O_CLOEXEC)
      }
    }
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    // Seven decimal fields fit easily; a fixed tuple keeps the buffer off the heap.
    var buffer: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                 UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                 UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) =
      (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    return withUnsafeMutableBytes(of: &buffer) { bytes -> UInt64? in
      let count = read(descriptor, bytes.baseAddress, bytes.count)
      guard count > 0 else { return nil }
      guard let pages = secondField(UnsafeRawBufferPointer(rebasing: bytes[..<count])) else {
        return nil
      }
      return pages &* UInt64(pageSize)
    }
  }

  /// The second space-separated decimal number of `text`.
  private static func secondField(_ text: UnsafeRawBufferPointer) -> UInt64? {
    var field = 0
    var value: UInt64 = 0
    var digits = 0
    for byte in text {
      if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
        if field == 1 {
          let (scaled, overflow) = value.multipliedReportingOverflow(by: 10)
          guard !overflow else { return nil }
          value = scaled &+ UInt64(byte &- UInt8(ascii: "0"))
        }
        digits += 1
      } else {
        if digits > 0 {
          if field == 1 { return value }
          field += 1
        }
        digits = 0
      }
    }
    return field == 1 && digits > 0 ? value : nil
  }
}

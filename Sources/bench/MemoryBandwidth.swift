/// The machine's memory bandwidth for a block of a given size, measured now: the yardstick
/// for a dense solver's effective bandwidth, which is only comparable with a copy of the same
/// size measured in the same run.
enum MemoryBandwidth {
  /// Bytes per second moved by copying a `size`-byte block into another, counting the read
  /// and the write (2 × size per copy, the same convention as the dense pivot's 16 bytes
  /// per cell). Copies for at least `minimum` after one warm-up copy. Nil for tiny sizes.
  static func memcpy(size: Int, minimum: Duration = .milliseconds(200)) -> Double? {
    guard size >= 4096 else { return nil }
    let source = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 64)
    let target = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 64)
    defer {
      source.deallocate()
      target.deallocate()
    }
    // Touch every page first so the copy measures bandwidth, not page faults.
    source.initializeMemory(as: UInt8.self, repeating: 1, count: size)
    target.initializeMemory(as: UInt8.self, repeating: 0, count: size)
    target.copyMemory(from: source, byteCount: size)
    let clock = ContinuousClock()
    let start = clock.now
    var copies = 0
    var elapsed = Duration.zero
    repeat {
      target.copyMemory(from: source, byteCount: size)
      copies += 1
      elapsed = start.duration(to: clock.now)
    } while elapsed < minimum
    return Double(2 * size * copies) / elapsed.seconds
  }
}

extension Duration {
  var seconds: Double {
    let (s, attoseconds) = components
    return Double(s) + Double(attoseconds) * 1e-18
  }
}

/// A PNG decoded to pixels, enough to look at a browser's screenshot: 8-bit greyscale,
/// RGB or RGBA, not interlaced (what Chromium writes), with its own inflate (RFC 1951)
/// so the tests need no image library.
struct PNGImage {
  struct DecodingError: Error, CustomStringConvertible {
    var description: String
  }

  let width: Int
  let height: Int
  /// Bytes per pixel: 1 (grey), 3 (RGB) or 4 (RGBA).
  let channels: Int
  /// Row-major, `channels` bytes per pixel, filters undone.
  let pixels: [UInt8]

  /// O(width × height).
  /// - Throws: ``DecodingError`` for anything but a valid PNG of the kinds above.
  init(bytes: [UInt8]) throws {
    guard bytes.count > 8, Array(bytes[0..<8]) == [137, 80, 78, 71, 13, 10, 26, 10] else {
      throw DecodingError(description: "not a PNG (bad signature)")
    }
    var offset = 8
    var header: [UInt8] = []
    var compressed: [UInt8] = []
    while offset + 8 <= bytes.count {
      let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
      let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
      guard offset + 12 + length <= bytes.count else { throw DecodingError(description: "chunk \(type) is cut short") }
      let data = bytes[offset + 8..<offset + 8 + length]
      if type == "IHDR" { header = Array(data) }
      if type == "IDAT" { compressed += data }
      if type == "IEND" { break }
      offset += 12 + length
    }
    guard header.count == 13 else { throw DecodingError(description: "no IHDR chunk") }
    func big(_ range: Range<Int>) -> Int { header[range].reduce(0) { $0 << 8 | Int($1) } }
    width = big(0..<4)
    height = big(4..<8)
    guard header[8] == 8, header[12] == 0 else { throw DecodingError(description: "only 8-bit, non-interlaced images") }
    switch header[9] {
    case 0: channels = 1
    case 2: channels = 3
    case 6: channels = 4
    default: throw DecodingError(description: "colour type \(header[9]) is not supported")
    }
    guard compressed.count > 2 else { throw DecodingError(description: "no image data") }
    // Two bytes of zlib header, then the deflate stream (the Adler-32 after it is not checked).
    var inflater = Inflater(bytes: Array(compressed.dropFirst(2)))
    let filtered = try inflater.inflate()
    let stride = width * channels
    guard filtered.count >= height * (stride + 1) else {
      throw DecodingError(description: "image data holds \(filtered.count) bytes, expected \(height * (stride + 1))")
    }
    pixels = try Self.unfilter(filtered, width: width, height: height, channels: channels)
  }

  /// The red, green and blue of a pixel (grey repeated).
  func rgb(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8) {
    let base = (y * width + x) * channels
    return channels == 1 ? (pixels[base], pixels[base], pixels[base]) : (pixels[base], pixels[base + 1], pixels[base + 2])
  }

  /// Undoes the per-row filters (none, sub, up, average, Paeth). O(bytes).
  static func unfilter(_ data: [UInt8], width: Int, height: Int, channels: Int) throws -> [UInt8] {
    let stride = width * channels
    var out = [UInt8](repeating: 0, count: height * stride)
    for row in 0..<height {
      let filter = data[row * (stride + 1)]
      let source = row * (stride + 1) + 1
      let target = row * stride
      for column in 0..<stride {
        let raw = Int(data[source + column])
        let left = column >= channels ? Int(out[target + column - channels]) : 0
        let up = row > 0 ? Int(out[target - stride + column]) : 0
        let upLeft = row > 0 && column >= channels ? Int(out[target - stride + column - channels]) : 0
        let predictor: Int
        switch filter {
        case 0: predictor = 0
        case 1: predictor = left
        case 2: predictor = up
        case 3: predictor = (left + up) / 2
        case 4:
          let p = left + up - upLeft
          let (pa, pb, pc) = (abs(p - left), abs(p - up), abs(p - upLeft))
          predictor = pa <= pb && pa <= pc ? left : (pb <= pc ? up : upLeft)
        default: throw DecodingError(description: "row \(row) has unknown filter \(filter)")
        }
        out[target + column] = UInt8((raw + predictor) & 0xFF)
      }
    }
    return out
  }
}

/// Inflate (RFC 1951): stored, fixed-Huffman and dynamic-Huffman blocks, decoded with
/// canonical code counts as in zlib's `puff`.
struct Inflater {
  private let bytes: [UInt8]
  private var bitPosition = 0
  private var out: [UInt8] = []

  init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// A canonical Huffman code: how many codes of each length, and the symbols in code order.
  struct Code {
    var counts = [Int](repeating: 0, count: 16)
    var symbols: [Int] = []

    init(lengths: [Int]) {
      for length in lengths { counts[length] += 1 }
      counts[0] = 0
      var offsets = [Int](repeating: 0, count: 16)
      for length in 1..<15 { offsets[length + 1] = offsets[length] + counts[length] }
      symbols = [Int](repeating: 0, count: lengths.count)
      for (symbol, length) in lengths.enumerated() where length != 0 {
        symbols[offsets[length]] = symbol
        offsets[length] += 1
      }
    }
  }

  static let lengthBase = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
  static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
  static let distanceBase = [
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145,
    8193, 12289, 16385, 24577,
  ]
  static let distanceExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]

  mutating func inflate() throws -> [UInt8] {
    var last = false
    while !last {
      last = try bits(1) == 1
      switch try bits(2) {
      case 0: try stored()
      case 1:
        let literal = Code(lengths: Array(repeating: 8, count: 144) + Array(repeating: 9, count: 112) + Array(repeating: 7, count: 24) + Array(repeating: 8, count: 8))
        try codes(literal: literal, distance: Code(lengths: Array(repeating: 5, count: 30)))
      case 2:
        let (literal, distance) = try dynamicCodes()
        try codes(literal: literal, distance: distance)
      default: throw PNGImage.DecodingError(description: "deflate block of reserved type 3")
      }
    }
    return out
  }

  private mutating func bits(_ count: Int) throws -> Int {
    var value = 0
    for index in 0..<count {
      let byte = bitPosition >> 3
      guard byte < bytes.count else { throw PNGImage.DecodingError(description: "deflate stream ends early") }
      value |= Int((bytes[byte] >> UInt8(bitPosition & 7)) & 1) << index
      bitPosition += 1
    }
    return value
  }

  private mutating func stored() throws {
    bitPosition = (bitPosition + 7) & ~7
    let length = try bits(16)
    let complement = try bits(16)
    guard length == ~complement & 0xFFFF else { throw PNGImage.DecodingError(description: "stored block length check fails") }
    let start = bitPosition >> 3
    guard start + length <= bytes.count else { throw PNGImage.DecodingError(description: "stored block is cut short") }
    out += bytes[start..<start + length]
    bitPosition += length * 8
  }

  /// Reads one symbol, a bit at a time, walking the canonical code's lengths.
  private mutating func decode(_ code: Code) throws -> Int {
    var value = 0
    var first = 0
    var index = 0
    for length in 1...15 {
      value |= try bits(1)
      let count = code.counts[length]
      if value - first < count { return code.symbols[index + value - first] }
      index += count
      first = (first + count) << 1
      value <<= 1
    }
    throw PNGImage.DecodingError(description: "invalid Huffman code")
  }

  private mutating func dynamicCodes() throws -> (Code, Code) {
    let literalCount = try bits(5) + 257
    let distanceCount = try bits(5) + 1
    let lengthCodeCount = try bits(4) + 4
    let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
    var lengthLengths = [Int](repeating: 0, count: 19)
    for index in 0..<lengthCodeCount { lengthLengths[order[index]] = try bits(3) }
    let lengthCode = Code(lengths: lengthLengths)
    var lengths: [Int] = []
    while lengths.count < literalCount + distanceCount {
      let symbol = try decode(lengthCode)
      switch symbol {
      case 0..<16: lengths.append(symbol)
      case 16:
        guard let previous = lengths.last else { throw PNGImage.DecodingError(description: "repeat with no previous length") }
        lengths += Array(repeating: previous, count: 3 + (try bits(2)))
      case 17: lengths += Array(repeating: 0, count: 3 + (try bits(3)))
      default: lengths += Array(repeating: 0, count: 11 + (try bits(7)))
      }
    }
    return (Code(lengths: Array(lengths[0..<literalCount])), Code(lengths: Array(lengths[literalCount..<literalCount + distanceCount])))
  }

  private mutating func codes(literal: Code, distance: Code) throws {
    while true {
      let symbol = try decode(literal)
      if symbol < 256 {
        out.append(UInt8(symbol))
      } else if symbol == 256 {
        return
      } else {
        let index = symbol - 257
        guard index < Self.lengthBase.count else { throw PNGImage.DecodingError(description: "bad length symbol") }
        let length = Self.lengthBase[index] + (try bits(Self.lengthExtra[index]))
        let distanceSymbol = try decode(distance)
        guard distanceSymbol < Self.distanceBase.count else { throw PNGImage.DecodingError(description: "bad distance symbol") }
        let back = Self.distanceBase[distanceSymbol] + (try bits(Self.distanceExtra[distanceSymbol]))
        guard back <= out.count else { throw PNGImage.DecodingError(description: "distance reaches before the start") }
        let start = out.count - back
        for offset in 0..<length { out.append(out[start + offset]) }
      }
    }
  }
}

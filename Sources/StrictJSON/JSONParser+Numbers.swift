extension JSONParser {
  /// Parses `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?` into a finite Double.
  /// O(digits).
  ///
  /// Integers of up to 15 digits (exact in a Double) are accumulated directly; anything
  /// else goes through the standard library's correctly rounded conversion.
  mutating func parseNumber() throws(JSONError) -> Double {
    let start = position
    let isNegative = peek() == UInt8(ascii: "-")
    if isNegative {
      position += 1
      if let byte = peek(), JSONParser.isASCIILetter(byte) {
        let word = scanWord()
        if JSONParser.isNonFiniteWord(word) {
          throw failure("-\(word) is not valid JSON: numbers must be finite", at: start)
        }
        position = start + 1
      }
    }
    guard let firstDigit = peek(), JSONParser.isDigit(firstDigit) else {
      throw failure("expected a digit after '-', found \(foundDescription())")
    }
    var integerPart: Int64 = 0
    var integerDigits = 0
    if firstDigit == UInt8(ascii: "0") {
      position += 1
      if let next = peek(), JSONParser.isDigit(next) {
        throw failure("leading zeros are not allowed in numbers", at: start)
      }
    } else {
      while let byte = peek(), JSONParser.isDigit(byte) {
        if integerDigits < 18 { integerPart = integerPart * 10 + Int64(byte - UInt8(ascii: "0")) }
        integerDigits += 1
        position += 1
      }
    }
    var isPlainInteger = true
    if peek() == UInt8(ascii: ".") {
      position += 1
      try skipDigits(after: "'.'")
      isPlainInteger = false
    }
    if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
      position += 1
      if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { position += 1 }
      try skipDigits(after: "the exponent's 'e'")
      isPlainInteger = false
    }
    if isPlainInteger && integerDigits <= 15 {
      let magnitude = Double(integerPart)
      return isNegative ? -magnitude : magnitude
    }
    let literal = String(decoding: bytes[start..<position], as: UTF8.self)
    guard let value = Double(literal), value.isFinite else {
      let shown = literal.count > 40 ? String(literal.prefix(37)) + "..." : literal
      throw failure("number \(shown) is out of range", at: start)
    }
    return value
  }

  private mutating func skipDigits(after what: String) throws(JSONError) {
    guard let byte = peek(), JSONParser.isDigit(byte) else {
      throw failure("expected a digit after \(what), found \(foundDescription())")
    }
    while let byte = peek(), JSONParser.isDigit(byte) { position += 1 }
  }

  static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  static func isASCIILetter(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
      || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
  }
}

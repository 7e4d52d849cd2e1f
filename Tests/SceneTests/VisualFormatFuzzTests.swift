import Scene
import Testing
import TestSupport

/// Parses `format` and checks the outcome is a result or a well-formed `VFLError`: an offset
/// inside the format (or just past it), a message, the format itself. A trap would end the
/// test process, which is the failure this guards against.
private func checkParsesOrThrows(_ format: String, seed: UInt64) -> [VFLConstraint]? {
  do {
    return try VisualFormat.parse(format)
  } catch {
    #expect(
      (0...format.count).contains(error.offset),
      "seed \(seed): offset \(error.offset) outside \(format.debugDescription)")
    #expect(!error.message.isEmpty, "seed \(seed): \(format.debugDescription)")
    #expect(error.format == format)
    return nil
  }
}

/// A random valid VFL string and how many constraints it describes, drawn from the grammar
/// on `VisualFormat`.
private struct ValidFormatGenerator {
  var generator: SplitMix64
  private let names = ["a", "b", "c_1", "root.title", "_x", "View9"]
  private let numbers = ["0", "8", "-8", "12.5", "+3", "100", "0.25"]
  private let priorities = ["1", "250", "750.5", "999", "1000"]

  init(seed: UInt64) {
    generator = SplitMix64(seed: seed)
  }

  mutating func format() -> (text: String, count: Int) {
    var text = generator.choose(["", "H:", "V:"]) ?? ""
    var count = 0
    if generator.bernoulli(0.5) {
      let (connection, constraints) = self.connection()
      text += "|" + connection
      count += constraints
    }
    let views = generator.uniformInt(in: 1...4)
    for index in 0..<views {
      if index > 0 {
        let (connection, constraints) = self.connection()
        text += connection
        count += constraints
      }
      let (view, constraints) = self.view()
      text += view
      count += constraints
    }
    if generator.bernoulli(0.5) {
      let (connection, constraints) = self.connection()
      text += connection + "|"
      count += constraints
    }
    return (text, count)
  }

  private mutating func connection() -> (String, Int) {
    switch generator.uniformInt(in: 0...3) {
    case 0: return ("", 1)
    case 1: return ("-", 1)
    case 2: return ("-" + (generator.choose(numbers) ?? "8") + "-", 1)
    default:
      let (list, count) = predicateList(allowViews: false)
      return ("-" + list + "-", count)
    }
  }

  private mutating func view() -> (String, Int) {
    let name = generator.choose(names) ?? "a"
    guard generator.bernoulli(0.5) else { return ("[" + name + "]", 0) }
    let (list, count) = predicateList(allowViews: true)
    return ("[" + name + list + "]", count)
  }

  private mutating func predicateList(allowViews: Bool) -> (String, Int) {
    let count = generator.uniformInt(in: 1...3)
    var predicates: [String] = []
    for _ in 0..<count {
      var predicate = generator.choose(["", "==", "<=", ">="]) ?? ""
      let useView = allowViews && generator.bernoulli(0.3)
      predicate += (useView ? generator.choose(names) : generator.choose(numbers)) ?? "1"
      if generator.bernoulli(0.4) { predicate += "@" + (generator.choose(priorities) ?? "1") }
      predicates.append(predicate)
    }
    return ("(" + predicates.joined(separator: ",") + ")", count)
  }
}

@Suite struct VisualFormatFuzzTests {
  /// The VFL alphabet, weighted toward the characters the grammar uses, plus junk:
  /// whitespace, CRLF, a NUL, combining marks, emoji, other punctuation.
  private static let alphabet: [Character] =
    Array("HV:|-[]()=<>@,.+_0123456789abcxyz|-[]()@=")
    + [" ", "\t", "\n", "\r\n", "\u{0}", "e\u{301}", "é", "🙂", "#", "*", "\"", "\\", "X", "{", "~"]

  @Test func randomStringsNeverTrap() {
    for seed in UInt64(0)..<20_000 {
      var generator = SplitMix64(seed: seed)
      let length = generator.uniformInt(in: 0...24)
      var format = ""
      for _ in 0..<length { format.append(generator.choose(Self.alphabet) ?? "|") }
      _ = checkParsesOrThrows(format, seed: seed)
    }
  }

  @Test func generatedFormatsParseToTheExpectedCount() throws {
    for seed in UInt64(0)..<2_000 {
      var generator = ValidFormatGenerator(seed: seed)
      let (format, count) = generator.format()
      let constraints = try #require(
        checkParsesOrThrows(format, seed: seed), "seed \(seed): \(format) did not parse")
      #expect(constraints.count == count, "seed \(seed): \(format)")
      let axis: Axis = format.hasPrefix("V:") ? .vertical : .horizontal
      for constraint in constraints {
        #expect(constraint.first.attribute.axis == axis, "seed \(seed): \(format)")
        #expect(constraint.second.map { $0.attribute.axis == axis } ?? true)
        #expect((1.0...1000.0).contains(constraint.priority), "seed \(seed): \(format)")
      }
    }
  }

  /// Valid formats with one character deleted, inserted, replaced, or two swapped: the
  /// near misses a hand-written format is likely to be.
  @Test func mutatedFormatsNeverTrap() {
    for seed in UInt64(0)..<5_000 {
      var formats = ValidFormatGenerator(seed: seed)
      var characters = Array(formats.format().text)
      var generator = SplitMix64(seed: SplitMix64.derivedSeed(seed, stream: 1))
      let index = generator.uniformInt(in: 0...(characters.count - 1))
      let junk = generator.choose(Self.alphabet) ?? "|"
      switch generator.uniformInt(in: 0...3) {
      case 0: characters.remove(at: index)
      case 1: characters.insert(junk, at: index)
      case 2: characters[index] = junk
      default:
        let other = generator.uniformInt(in: 0...(characters.count - 1))
        characters.swapAt(index, other)
      }
      _ = checkParsesOrThrows(String(characters), seed: seed)
    }
  }

  @Test func outputIsDeterministic() throws {
    for seed in UInt64(0)..<200 {
      var generator = ValidFormatGenerator(seed: seed)
      let format = generator.format().text
      #expect(try VisualFormat.parse(format) == VisualFormat.parse(format), "seed \(seed)")
    }
    for seed in UInt64(0)..<200 {
      var generator = SplitMix64(seed: seed)
      var format = ""
      for _ in 0..<generator.uniformInt(in: 0...16) {
        format.append(generator.choose(Self.alphabet) ?? "|")
      }
      let first = Result(catching: { () throws(VFLError) in try VisualFormat.parse(format) })
      let second = Result(catching: { () throws(VFLError) in try VisualFormat.parse(format) })
      #expect(first == second, "seed \(seed)")
    }
  }
}

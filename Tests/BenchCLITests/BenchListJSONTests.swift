import Foundation
import Testing

/// `bench list --json`: the listing's facts as one document.
@Suite struct BenchListJSONTests {
  /// An empty folder of engines unless `engines` is given.
  static func document(engines: String? = nil) throws -> (text: String, value: [String: Any]) {
    let empty = FileManager.default.temporaryDirectory.appendingPathComponent("bench-engines-\(UUID().uuidString)")
    let output = try BenchProcess.run(["list", "--json", "--engines", engines ?? empty.path])
    #expect(output.status == 0)
    #expect(output.standardError.isEmpty, "\(output.standardError)")
    let value = try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8))
    return (output.standardOutput, try #require(value as? [String: Any]))
  }

  @Test func suitesWorkloadsAndTheirFactsAreListed() throws {
    let (_, document) = try Self.document()
    #expect(Set(document.keys) == ["suites", "backends", "engines"])
    let suites = try #require(document["suites"] as? [[String: Any]])
    #expect(suites.compactMap { $0["name"] as? String } == [
      "stackviews", "deep", "churn", "enaml", "anchor", "screens", "examples", "smoke",
    ])
    let workloads = suites.flatMap { ($0["workloads"] as? [[String: Any]]) ?? [] }
    let fill = try #require(workloads.first { $0["name"] as? String == "stack.fill.horizontal" })
    #expect(fill["sizes"] as? [Int] == [10, 100, 1000, 10000])
    #expect(fill["sizeMeaning"] as? String == "arranged views")
    #expect(fill["seeded"] as? Bool == true)
    #expect(fill["parameters"] as? [String] == ["distribution", "axis", "alignment", "arrangedViews"])
    #expect(fill["backends"] as? [String] == ["cassowary", "dense-simplex", "springs-struts"])
    let chain = try #require(workloads.first { $0["name"] as? String == "deep.chain.constraints" })
    #expect(chain["backends"] as? [String] == ["cassowary", "dense-simplex"])
    let enaml = try #require(workloads.first { $0["name"] as? String == "enaml" })
    #expect(enaml["sizes"] as? [Int] == [1])
    #expect(enaml["sizeRange"] as? [Int] == [1, 1])
    #expect(enaml["seeded"] as? Bool == false)
    // smoke lists its own sweep of one small size.
    let smoke = try #require(suites.last?["workloads"] as? [[String: Any]])
    #expect(smoke.first { $0["name"] as? String == "stack.fill.horizontal" }?["sizes"] as? [Int] == [10])
  }

  @Test func backendsSayTheirKindAndWhatEachCommandSupports() throws {
    let (_, document) = try Self.document()
    let backends = try #require(document["backends"] as? [[String: Any]])
    #expect(backends.compactMap { $0["name"] as? String } == ["cassowary", "dense-simplex", "springs-struts"])
    #expect(backends.compactMap { $0["kind"] as? String } == ["solver", "solver", "layout"])
    let cassowary = try #require(backends.first?["supports"] as? [String: String])
    #expect(cassowary == ["solve": "every constraint system", "layout": "every scene"])
    let springs = try #require(backends.last?["supports"] as? [String: String])
    #expect(springs.keys.sorted() == ["layout"])
    // No manifest in the folder: the list is there, and empty.
    #expect((document["engines"] as? [Any])?.isEmpty == true)
  }

  /// The engines are the manifests of the folder given (the repository's example here).
  @Test func enginesAreTheManifestsFound() throws {
    let folder = BenchRunSceneTests.root.appendingPathComponent("Benchmarks/engines").path
    let engines = try #require(try Self.document(engines: folder).value["engines"] as? [[String: Any]])
    let propagation = try #require(engines.first { $0["name"] as? String == "propagation" })
    #expect(propagation["inputs"] as? [String] == ["constraints"])
    #expect(propagation["command"] as? [String] == ["python3", "engine.py"])
    #expect(propagation["summary"] is String)
  }

  @Test func theTextListingNamesTheEnginesAndWhatTheyRead() throws {
    let folder = BenchRunSceneTests.root.appendingPathComponent("Benchmarks/engines").path
    let output = try BenchProcess.run(["list", "--engines", folder])
    #expect(output.status == 0)
    #expect(output.standardOutput.contains("Outside engines (bench run --engine NAME; manifests under \(folder)):"))
    // Names are padded to the longest one found, so only the order within a line is fixed.
    let lines = output.standardOutput.split(separator: "\n").map(String.init)
    for (name, reads) in [("propagation", "reads constraints: an example engine"), ("kiwisolver-readd", "reads constraints: kiwisolver")] {
      #expect(lines.contains { $0.hasPrefix("  \(name) ") && $0.contains("  \(reads)") }, "no line for \(name)")
    }
    let empty = FileManager.default.temporaryDirectory.appendingPathComponent("bench-engines-\(UUID().uuidString)").path
    #expect(!(try BenchProcess.run(["list", "--engines", empty]).standardOutput.contains("Outside engines")))
  }

  @Test func anInvalidManifestIsBadInput() throws {
    let folder = try BenchRunTests.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let engine = folder.appendingPathComponent("broken")
    try FileManager.default.createDirectory(at: engine, withIntermediateDirectories: true)
    try Data(#"{"format": "layoutbench.engine-manifest/1", "name": 3}"#.utf8).write(to: engine.appendingPathComponent("engine.json"))
    let output = try BenchProcess.run(["list", "--json", "--engines", folder.path])
    #expect(output.status == 2)
    #expect(output.standardError.hasPrefix("error: \(engine.path)/engine.json: name: "), "\(output.standardError)")
    #expect(output.standardOutput.isEmpty)
  }

  @Test func theSameBuildGivesTheSameBytes() throws {
    let first = try Self.document().text
    #expect(try Self.document().text == first)
    #expect(first.hasPrefix("{\n  \"suites\": ["))
  }
}

import Foundation
import Testing

/// `bench list --json`: the listing's facts as one document.
@Suite struct BenchListJSONTests {
  static func document() throws -> (text: String, value: [String: Any]) {
    let output = try BenchProcess.run(["list", "--json"])
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
    // No engine registry in this build: the list is there, and empty.
    #expect((document["engines"] as? [Any])?.isEmpty == true)
  }

  @Test func theSameBuildGivesTheSameBytes() throws {
    let first = try Self.document().text
    #expect(try Self.document().text == first)
    #expect(first.hasPrefix("{\n  \"suites\": ["))
  }
}

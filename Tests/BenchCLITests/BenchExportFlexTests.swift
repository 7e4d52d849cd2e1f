import Foundation
import Testing

/// `bench export --format flex` (docs/flexbox.md): a stack workload as a flexbox tree, and
/// the cases flexbox cannot express refused with exit status 3 and the reason.
@Suite struct BenchExportFlexTests {
  @Test func aStackWorkloadIsAFlexTreeWithRootSizeSteps() throws {
    let export = try BenchProcess.run(["export", "--workload", "stack.fillEqually.horizontal", "--size", "4", "--format", "flex"])
    #expect(export.status == 0, "\(export.standardError)")
    #expect(export.standardError.isEmpty)
    let document = try #require(try JSONSerialization.jsonObject(with: Data(export.standardOutput.utf8)) as? [String: Any])
    #expect(document["format"] as? String == "layoutbench.flex/1")
    #expect((document["workload"] as? [String: Any])?["name"] as? String == "stack.fillEqually.horizontal")
    let nodes = try #require(document["nodes"] as? [[String: Any]])
    #expect(nodes.map { $0["id"] as? String } == ["root", "stack", "item0", "item1", "item2", "item3"])
    #expect(nodes[0]["width"] as? Double == 375 && nodes[0]["height"] as? Double == 667)
    // The stack: inset 16 from the root on every side, items centred, spread from basis 0.
    #expect(nodes[1]["position"] as? String == "absolute")
    #expect([nodes[1]["top"], nodes[1]["left"], nodes[1]["bottom"], nodes[1]["right"]].map { $0 as? Double } == [16, 16, 16, 16])
    #expect(nodes[1]["alignItems"] as? String == "center")
    for item in nodes.dropFirst(2) {
      #expect(item["basis"] as? Double == 0 && item["grow"] as? Double == 1)
      #expect(item["maxHeight"] as? String == "100%")
    }
    let steps = try #require(document["steps"] as? [[String: [Double]]])
    #expect(steps.first?["setRootSize"] == [667, 375])
    let operations = try #require(document["operations"] as? [[String: Any]])
    #expect(operations.count == steps.count)
  }

  @Test(arguments: [
    ("stack.equalCentering.vertical", "uses the equalCentering distribution"),
    ("deep.chain.constraints", "the scene has 40 constraints of its own"),
    ("churn.hideUnhide", "steps[0] is a setHidden step"),
    ("deep.tree.autoresizing", "autoresizes with flexibleLeftMargin"),
  ])
  func whatFlexboxCannotExpressExitsWith3AndTheReason(workload: String, reason: String) throws {
    let output = try BenchProcess.run(["export", "--workload", workload, "--size", "10", "--format", "flex"])
    #expect(output.status == 3)
    #expect(output.standardOutput.isEmpty)
    #expect(output.standardError.contains("cannot be written as a flexbox tree"))
    #expect(output.standardError.contains(reason), "\(output.standardError)")
  }
}

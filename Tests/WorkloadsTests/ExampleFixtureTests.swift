import Foundation
import Interchange
import Scene
import Testing
import Workloads

/// `examples.*` are transcriptions of Tests/Fixtures (the generator reads no files): each
/// must build the fixture's scene, and its trace must start with the fixture's steps.
@Suite struct ExampleFixtureTests {
  static let examples = WorkloadCatalog.suite(named: "examples")!.workloads

  static func fixture(_ name: String) throws -> SceneDocument {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fixtures/\(name).scene.json")
    let data = try #require(FileManager.default.contents(atPath: url.path), "missing fixture \(url.path)")
    return try SceneDocument.decode(utf8: Array(data), file: url.lastPathComponent).document
  }

  @Test(arguments: examples.map(\.name))
  func buildsTheFixturesSceneAndStartsWithItsSteps(name: String) throws {
    let workload = try #require(Self.examples.first { $0.name == name })
    let workloadCase = try workload.makeCase(size: 1, seed: 1)
    let fixtureName = String(name.dropFirst("examples.".count))
    let fixture = try Self.fixture(fixtureName)
    // Resolved scenes, so that spelling differences (an omitted default) do not matter.
    let built = try workloadCase.makeScene()
    #expect(built.container == fixture.scene.container)
    #expect(built.views == fixture.scene.views)
    #expect(built.guides == fixture.scene.guides)
    #expect(built.constraints == fixture.scene.constraints)

    let parameters = [String: String](uniqueKeysWithValues: workloadCase.parameters.map { ($0.key, $0.value) })
    #expect(parameters["fixture"] == "Tests/Fixtures/\(fixtureName).scene.json")
    let fixtureSteps = try #require(parameters["fixtureSteps"].flatMap { Int($0) })
    #expect(fixtureSteps == fixture.steps.count)
    #expect(Array(workloadCase.steps.prefix(fixtureSteps)) == fixture.steps.map(\.change))
    #expect(workloadCase.operations.count >= 20, "the fixture's cycle repeats to about 20 operations")
  }

  /// The trace returns to the start, so a cycle can repeat: the scene after every cycle
  /// equals the initial one.
  @Test(arguments: examples.map(\.name))
  func eachCycleEndsWhereItStarted(name: String) throws {
    let workload = try #require(Self.examples.first { $0.name == name })
    let workloadCase = try workload.makeCase(size: 1, seed: 1)
    let initial = try workloadCase.makeScene()
    var scene = initial
    for (k, step) in workloadCase.steps.enumerated() { _ = try scene.apply(step, path: WorkloadCase.stepPath(k)) }
    #expect(scene.container == initial.container)
    #expect(scene.views == initial.views)
    #expect(scene.constraints == initial.constraints)
  }
}

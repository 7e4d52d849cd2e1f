import Cassowary
import Interchange
import LayoutModel
import Replay
import Scene
import SpringsAndStruts
import Testing
import TestSupport

/// A scene document (JSON text) replayed as `bench layout` replays it — `SceneReplay`, its
/// `LayoutDriver` running the layout passes, table rows fitted by backends of the same
/// kind — on springs-struts and on ConstraintLayout over Cassowary, state by state. Every
/// state must agree: frames of the views that take part (not hidden arranged views nor
/// inside one), content sizes, estimated rows and passes; and Cassowary must report no
/// diagnostic where springs-struts answers.
enum ReplayPair {
  static func document(_ text: String) throws -> SceneDocument {
    let (document, warnings) = try SceneDocument.decode(text, file: "scene.json")
    #expect(warnings.isEmpty, "\(warnings)")
    return document
  }

  /// springs-struts' states (each compared with Cassowary's).
  /// - Throws: either replay's error (a refusal of springs-struts included).
  @discardableResult
  static func run(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [FramesDocument.Layout] {
    let document = try document(text)
    var springs = SceneReplay(document: document, backend: SpringsAndStruts(), rowBackends: { SpringsAndStruts() })
    let make = { ConstraintLayout(solver: CassowarySolver()) }
    var cassowary = SceneReplay(document: document, backend: make(), rowBackends: make)
    try springs.layoutInitialScene()
    try cassowary.layoutInitialScene()
    var result: [FramesDocument.Layout] = []
    var step = "initial"
    while true {
      let (ours, theirs) = (try springs.currentState(), try cassowary.currentState())
      guard case .layout(let mine) = ours.outcome, case .layout(let reference) = theirs.outcome else {
        Issue.record("\(step): \(ours.outcome) vs \(theirs.outcome)", sourceLocation: sourceLocation)
        return result
      }
      compare(mine, reference, springs.scene, step: step, sourceLocation: sourceLocation)
      result.append(mine)
      let (a, b) = (try springs.applyNextStep(), try cassowary.applyNextStep())
      #expect(a == b, sourceLocation: sourceLocation)
      guard a else { return result }
      step = "after step \(result.count - 1)"
    }
  }

  /// The refusal springs-struts' replay ends with (nil if it lays everything out).
  static func refusal(_ text: String) throws -> SceneReplayError? {
    var replay = SceneReplay(document: try document(text), backend: SpringsAndStruts(), rowBackends: { SpringsAndStruts() })
    do {
      _ = try replay.run()
      return nil
    } catch {
      return error
    }
  }

  private static func compare(
    _ mine: FramesDocument.Layout, _ reference: FramesDocument.Layout, _ scene: Scene, step: String,
    sourceLocation: SourceLocation
  ) {
    #expect(reference.diagnostics.isEmpty, "\(step): cassowary reports \(reference.diagnostics)", sourceLocation: sourceLocation)
    #expect(mine.passes == reference.passes, "\(step): passes", sourceLocation: sourceLocation)
    #expect(mine.estimatedRows == reference.estimatedRows, "\(step): estimated rows", sourceLocation: sourceLocation)
    let theirs = Dictionary(uniqueKeysWithValues: reference.frames.map { ($0.view, $0.frame) })
    for entry in mine.frames {
      guard let v = scene.viewIndex(of: entry.view), DifferentialTests.takesPart(v, scene) else { continue }
      guard let frame = theirs[entry.view] else {
        Issue.record("\(step): no cassowary frame for \(entry.view)", sourceLocation: sourceLocation)
        continue
      }
      let (a, b) = (entry.frame, frame)
      expectClose(
        [a.x, a.y, a.width, a.height], [b.x, b.y, b.width, b.height], "\(step): \(entry.view)", sourceLocation: sourceLocation)
    }
    #expect(mine.contentSizes.map(\.view) == reference.contentSizes.map(\.view), "\(step)", sourceLocation: sourceLocation)
    for (a, b) in zip(mine.contentSizes, reference.contentSizes) {
      expectClose([a.width, a.height], [b.width, b.height], "\(step): content size of \(a.view)", sourceLocation: sourceLocation)
    }
  }

  /// A frame by view id, as `[x, y, width, height]`.
  static func frame(_ layout: FramesDocument.Layout, _ id: String) -> [Double]? {
    layout.frames.first { $0.view == id }.map { [$0.frame.x, $0.frame.y, $0.frame.width, $0.frame.height] }
  }

  /// A content size by scroll view id, as `[width, height]`.
  static func contentSize(_ layout: FramesDocument.Layout, _ id: String) -> [Double]? {
    layout.contentSizes.first { $0.view == id }.map { [$0.width, $0.height] }
  }
}

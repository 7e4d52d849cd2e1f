import Foundation
import Interchange
import Scene

/// The example of formats.md section 2, verbatim (the committed
/// `Benchmarks/scenes/formats-example.scene.json`).
public enum SceneExample {
  public static var text: String {
    let path = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Benchmarks/scenes/formats-example.scene.json").path
    guard let data = FileManager.default.contents(atPath: path) else {
      preconditionFailure("missing \(path): the example is part of the repository")
    }
    return String(decoding: data, as: UTF8.self)
  }

  public static func document() throws -> SceneDocument {
    try SceneDocument.decode(text, file: "example.scene.json").document
  }

  /// The example's steps as formats.md writes them: one of each of the fourteen kinds.
  public static var steps: [SceneChange] {
    var c = ViewDescription(id: "c", parent: "row", path: "steps[12].addViews[0]")
    c.intrinsicSize = AxisPair(horizontal: 40, vertical: 40)
    var vertical = StackDescription()
    vertical.axis = .vertical
    return [
      .resizeContainer(width: 667, height: 375, safeAreaInsets: EdgeInsets(top: 0, left: 44, bottom: 21, right: 44)),
      .setConstant([Named("titleTop", 40)]),
      .deactivate(["rowTop"]),
      .activate(["rowTopWide"]),
      .addConstraints([
        ConstraintDescription(
          id: "aW", form: .anchors(first: "a.width", relation: .greaterThanOrEqual, second: nil, multiplier: 1, constant: 44),
          path: "steps[4].addConstraints[0]")
      ]),
      .removeConstraints(["aW"]),
      .setPriority([Named("rowTop", 750)]),
      .setHugging([Named("a", AxisPair(horizontal: 249, vertical: 250))]),
      .setCompressionResistance([Named("a", AxisPair(horizontal: 751, vertical: 750))]),
      .setHidden([Named("b", true)]),
      .setIntrinsicSize([Named("a", AxisPair(horizontal: 80, vertical: 30))]),
      .setStack([Named("row", vertical)]),
      .addViews([c]),
      .removeViews(["a"]),
    ]
  }
}

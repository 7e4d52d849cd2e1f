import LayoutModel
import Testing
import TestSupport

@testable import Scene

/// What the container and a view lower to (Scene+Lowering.swift): the root's origin and
/// size, a view's size preferences and its autoresizing constraints, each expression
/// derived by hand from docs/scene-semantics.md, in the solver's superview-relative
/// variables.
@Suite struct ViewLoweringTests {

  /// A lowered constraint: its terms by `view.quantity`, its constant, relation and priority.
  private struct Lowered {
    var terms: [String: Double]
    var constant: Double
    var relation: Relation
    var priority: Double
  }

  /// The constraints `element` lowers to, by role, with every autoresizing view designed
  /// in a superview of `design` (its S₀).
  private func lowered(
    _ scene: Scene, _ element: SceneElement, design: AxisPair<Double>? = nil
  ) -> [ConstraintRole: Lowered] {
    var variables = SceneVariables()
    variables.assign(scene)
    var out: [ConstraintRole: Lowered] = [:]
    for constraint in scene.generatedConstraints(for: element, variables: variables, designSuperviewSize: { _ in design }) {
      var terms: [String: Double] = [:]
      for term in constraint.expression.terms {
        guard let (owner, quantity) = variables.owner(of: term.variable), case .view(let v) = owner else {
          Issue.record("a variable no view holds")
          continue
        }
        terms["\(scene.view(v)!.id).\(quantity)"] = term.coefficient
      }
      #expect(out[constraint.key.role] == nil, "one constraint per role")
      out[constraint.key.role] = Lowered(
        terms: terms, constant: constraint.expression.constant, relation: constraint.relation,
        priority: constraint.priority)
    }
    return out
  }

  /// Terms by name, each coefficient within tolerance, and the constant.
  private func expect(
    _ actual: Lowered?, _ terms: [String: Double], constant: Double, relation: Relation = .equal,
    priority: Double = 1000, _ comment: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    guard let actual else {
      Issue.record("\(comment): not lowered", sourceLocation: sourceLocation)
      return
    }
    #expect(Set(actual.terms.keys) == Set(terms.keys), "\(comment): \(actual.terms)", sourceLocation: sourceLocation)
    for (name, coefficient) in terms {
      expectClose(actual.terms[name] ?? .nan, coefficient, "\(comment): \(name)", sourceLocation: sourceLocation)
    }
    expectClose(actual.constant, constant, "\(comment): constant", sourceLocation: sourceLocation)
    #expect(actual.relation == relation, "\(comment)", sourceLocation: sourceLocation)
    #expect(actual.priority == priority, "\(comment)", sourceLocation: sourceLocation)
  }

  /// root ⊃ green ⊃ {blue, red}: the A2 example (also ConstraintLayoutSmokeTests'), green
  /// 275 × 150 at design time.
  static func autoresizingExample() throws -> Scene {
    var green = ViewDescription(id: "green", parent: "root")
    green.translatesAutoresizingMask = true
    green.frame = Rect(x: 50, y: 50, width: 275, height: 150)
    green.autoresizingMask = [.flexibleWidth, .flexibleBottomMargin]
    var blue = ViewDescription(id: "blue", parent: "green")
    blue.translatesAutoresizingMask = true
    blue.frame = Rect(x: 25, y: 25, width: 100, height: 100)
    blue.autoresizingMask = [.flexibleWidth, .flexibleHeight, .flexibleRightMargin]
    var red = ViewDescription(id: "red", parent: "green")
    red.translatesAutoresizingMask = true
    red.frame = Rect(x: 150, y: 25, width: 100, height: 100)
    red.autoresizingMask = [.flexibleWidth, .flexibleHeight, .flexibleLeftMargin]
    return try Scene(
      container: Container(width: 375, height: 667), views: [ViewDescription(id: "root"), green, blue, red])
  }

  @Test func theContainerPinsTheRootsOriginAndSize() throws {
    let scene = try Self.autoresizingExample()
    let c = lowered(scene, .container)
    #expect(c.count == 4)
    expect(c[.rootOrigin(.horizontal)], ["root.minX": 1], constant: 0, "origin x")
    expect(c[.rootOrigin(.vertical)], ["root.minY": 1], constant: 0, "origin y")
    expect(c[.rootSize(.horizontal)], ["root.width": 1], constant: -375, "width")
    expect(c[.rootSize(.vertical)], ["root.height": 1], constant: -667, "height")
  }

  /// blue: horizontally its width (100) and right margin (150) are flexible, so the width
  /// takes 100/250 = 0.4 of the superview's growth and the position none: x = 25,
  /// w = 100 + 0.4 (S − 275). Vertically only the height is: y = 25, h = 100 + (S − 150).
  /// In the solver's variables x is relative to green, so green's position cancels.
  @Test func anAutoresizingViewMovesWithItsSuperviewsSize() throws {
    let scene = try Self.autoresizingExample()
    let blue = try #require(scene.viewIndex(of: "blue"))
    let c = lowered(scene, .view(blue), design: AxisPair(horizontal: 275, vertical: 150))
    #expect(c.count == 4)
    expect(c[.autoresizingPosition(.horizontal)], ["blue.minX": 1], constant: -25, "x")
    expect(c[.autoresizingSize(.horizontal)], ["blue.width": 1, "green.width": -0.4], constant: 10, "width")
    expect(c[.autoresizingPosition(.vertical)], ["blue.minY": 1], constant: -25, "y")
    expect(c[.autoresizingSize(.vertical)], ["blue.height": 1, "green.height": -1], constant: 50, "height")
  }

  /// red: its left margin (150) and width (100) are flexible: x = 150 + 0.6 (S − 275),
  /// w = 100 + 0.4 (S − 275), so x − 0.6 S + 15 = 0 and w − 0.4 S + 10 = 0.
  @Test func aFlexibleLeftMarginMovesTheView() throws {
    let scene = try Self.autoresizingExample()
    let red = try #require(scene.viewIndex(of: "red"))
    let c = lowered(scene, .view(red), design: AxisPair(horizontal: 275, vertical: 150))
    expect(c[.autoresizingPosition(.horizontal)], ["red.minX": 1, "green.width": -0.6], constant: 15, "x")
    expect(c[.autoresizingSize(.horizontal)], ["red.width": 1, "green.width": -0.4], constant: 10, "width")
  }

  /// Without S₀ (the backend has not measured the superview yet) the view lowers nothing.
  @Test func anAutoresizingViewWaitsForItsDesignSize() throws {
    let scene = try Self.autoresizingExample()
    let blue = try #require(scene.viewIndex(of: "blue"))
    #expect(lowered(scene, .view(blue), design: nil).isEmpty)
  }

  /// An intrinsic width of 80: w ≤ 80 at the hugging priority, w ≥ 80 at compression
  /// resistance; no height preference without an intrinsic height.
  @Test func anIntrinsicSizeLowersToHuggingAndCompressionResistance() throws {
    var label = ViewDescription(id: "label", parent: "root")
    label.intrinsicSize = AxisPair(horizontal: 80, vertical: nil)
    label.hugging = AxisPair(horizontal: 251, vertical: 250)
    label.compressionResistance = AxisPair(horizontal: 749, vertical: 750)
    let scene = try Scene(container: Container(width: 375, height: 667), views: [ViewDescription(id: "root"), label])
    let c = lowered(scene, .view(try #require(scene.viewIndex(of: "label"))))
    #expect(c.count == 2)
    expect(c[.hugging(.horizontal)], ["label.width": 1], constant: -80, relation: .lessThanOrEqual, priority: 251, "hugging")
    expect(
      c[.compressionResistance(.horizontal)], ["label.width": 1], constant: -80, relation: .greaterThanOrEqual, priority: 749,
      "compression resistance")
  }
}

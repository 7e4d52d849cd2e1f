import Cassowary
import LayoutModel
import Scene
import SpringsAndStruts
import Testing
import TestSupport

/// Every distribution × alignment × axis, with room to spare and with too little along
/// and across, in two settings: a stack sized from outside, and the same stack nested in a
/// centre-aligned stack (so its size across comes from its content). springs-struts must
/// give Cassowary's frames, or refuse for a reason Cassowary's diagnostics confirm (or for
/// equalCentering under compression, which it does not compute).
@Suite struct StackMatrixTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var distribution: Distribution
    var alignment: StackAlignment
    var axis: Axis
    var roomy: Bool
    var nested: Bool
    var testDescription: String {
      "\(distribution) \(alignment) \(axis) \(roomy ? "roomy" : "tight")\(nested ? " nested" : "")"
    }
  }

  static let cases: [Case] = Distribution.allCases.flatMap { d in
    StackAlignment.allCases.flatMap { a in
      Axis.allCases.flatMap { axis in
        [true, false].flatMap { roomy in [false, true].map { Case(distribution: d, alignment: a, axis: axis, roomy: roomy, nested: $0) } }
      }
    }
  }

  static func scene(_ c: Case) throws -> Scene {
    // Along: 130 + 20 of gaps needs 150; across the views are 20, 30, 10 deep.
    let (along, across): (Double, Double) = c.roomy ? (220, 50) : (120, 22)
    let frame = c.axis == .horizontal ? [10, 10, along, across] : [10, 10, across, along]
    let stack = Build.stackDescription(c.axis, c.distribution, c.alignment, spacing: 10)
    var views = [Build.root()]
    if c.nested {
      // The outer stack runs along the same axis, so across it centres the inner one.
      views.append(Build.fixedStack("outer", in: "root", frame, [], Build.stackDescription(c.axis, .fill, .center)))
      views.append(Build.nestedStack("row", in: "outer", stack))
    } else {
      views.append(Build.fixedStack("row", in: "root", frame, [], stack))
    }
    func leaf(_ id: String, _ a: Double, _ x: Double, _ hugging: Double, _ resistance: Double, _ baseline: [Double]?) -> ViewDescription {
      c.axis == .horizontal
        ? Build.leaf(id, in: "row", a, x, hugging: [hugging, 250], resistance: [resistance, 750 + hugging - 250], baseline: baseline)
        : Build.leaf(id, in: "row", x, a, hugging: [250, hugging], resistance: [750 + hugging - 250, resistance], baseline: baseline)
    }
    views += [leaf("a", 40, 20, 250, 750, [15, 15]), leaf("b", 60, 30, 251, 751, [20, 25]), leaf("c", 30, 10, 252, 749, nil)]
    return try Scene(container: Container(width: 400, height: 400), views: views)
  }

  @Test(arguments: cases)
  func matchesCassowaryOrRefusesForAConfirmedReason(_ c: Case) throws {
    let scene = try Self.scene(c)
    let springs = SpringsAndStruts()
    let cassowary = ConstraintLayout(solver: CassowarySolver(), detectsAmbiguity: true)
    try cassowary.layOut(scene)
    do {
      try springs.layOut(scene)
    } catch {
      let text = error.description
      if text.contains("equalCentering would need to compress") {
        #expect(c.distribution == .equalCentering && !c.roomy)
        return
      }
      let diagnostics = cassowary.diagnostics(of: scene)
      let confirmed = diagnostics.contains {
        switch $0 {
        case .unsatisfiable: text.contains("conflict")
        case .ambiguous: text.contains("ambiguous")
        case .layoutLoop: false
        }
      }
      #expect(confirmed, "refused (\(text)) but cassowary reports \(diagnostics)")
      return
    }
    #expect(cassowary.diagnostics(of: scene).isEmpty, "springs-struts answered but cassowary reports \(cassowary.diagnostics(of: scene))")
    let (ours, theirs) = (frames(scene, springs), frames(scene, cassowary))
    for id in ["row", "a", "b", "c"] {
      guard let a = ours[id], let b = theirs[id] else { continue }
      expectClose([a.x, a.y, a.width, a.height], [b.x, b.y, b.width, b.height], "'\(id)'")
    }
  }

  /// Most of the matrix is answered: refusals are the exception.
  @Test func mostOfTheMatrixIsAnswered() throws {
    var answered = 0
    for c in Self.cases where (try? SpringsAndStruts().layOut(Self.scene(c))) != nil { answered += 1 }
    print("springs-struts answers \(answered) of the \(Self.cases.count) stack configurations of the matrix")
    #expect(answered * 4 > Self.cases.count * 3)
  }
}

import LayoutModel
import Scene

/// `deep.nested`: stacks and plain views nested by depth, with a label at every level
/// (formats.md section 2.1's deep hierarchies): what a screen of components inside
/// components costs as the nesting grows (docs/workloads.md).
enum NestedWorkloads {
  static let nested = Workload(
    name: "deep.nested",
    summary: "D levels in a scroll view alternating a vertical stack (a label and the next level) and a plain view holding the next stack by its margins; rotate and Dynamic Type",
    defaultSizes: [10, 100, 1000], isFrameLayoutOnly: false, sizeMeaning: "depth (nesting levels)",
    viewCount: { depth in
      let total = 2 + depth + (depth + 1) / 2
      return total...total
    },
    generate: { size, rng in nestedCase(depth: size, &rng) })

  /// Plain levels that inset their child on the sides too; deeper ones inset top and bottom
  /// only, so that every level keeps a positive width at any depth (375 points hold 46
  /// levels of side insets).
  static let sideInsetLevels = 24

  /// Level 1 is a stack pinned in a scroll view by the ScrollStack recipe, so the column is
  /// as tall as its content at any depth (pinned to a screen's height, levels below the
  /// thirtieth or so would get negative heights); an odd level k is a vertical stack
  /// (spacing 4) of a label (2 to 12 words) and level k + 1, an even level a plain view
  /// holding level k + 1 by its margins (4; on the sides only for the first
  /// ``sideInsetLevels`` plain levels). The innermost level is a stack with its label only,
  /// or a plain view 44 points tall.
  static func nestedCase(depth: Int, _ rng: inout SplitMix64) -> WorkloadCase {
    var b = CaseBuilder(container: Devices.initial.container)
    b.parameters = [("depth", String(depth))]
    b.view("root", in: nil)
    b.view("scroll", in: "root") {
      ScreenWorkloads.fullScreen(&$0)
      $0.isScrollView = true
    }
    var parent = "scroll"
    var plainLevels = 0
    for level in 1...depth {
      let id = "level\(level)"
      if level % 2 == 1 {
        b.stack(id, in: parent, axis: .vertical, spacing: 4)
        ScreenWorkloads.label(&b, "\(id).label", in: id, words: ScreenWorkloads.words(rng.int(in: 2...12), &rng), lineHeight: 20.5)
      } else {
        let side: Double = plainLevels < sideInsetLevels ? 4 : 0
        plainLevels += 1
        b.view(id, in: parent) {
          $0.layoutMargins = EdgeInsets(top: 4, left: side, bottom: 4, right: side)
          // The innermost plain view holds nothing: a height of its own keeps it from
          // being the one free height of the whole column.
          if level == depth { $0.intrinsicSize = AxisPair(horizontal: nil, vertical: 44) }
        }
      }
      if level == 1 {
        ScreenWorkloads.pinByScrollStackRecipe(&b, id, in: "scroll")
      } else if (level - 1) % 2 == 0 {
        // Below a plain view: held by its margins.
        for edge in ["top", "leading"] {
          b.constrain("\(id).\(edge)", "\(id).\(edge)", .equal, "\(parent).\(edge)Margin")
        }
        for edge in ["bottom", "trailing"] {
          b.constrain("\(id).\(edge)", "\(parent).\(edge)Margin", .equal, "\(id).\(edge)")
        }
      }
      parent = id
    }
    ScreenWorkloads.rotationsAndTextSizes(&b, 4)
    return b.build()
  }
}

import LayoutModel
import Scene

/// `deep.nested`: stacks and plain views nested by depth, with a label at every level
/// (formats.md section 2.1's deep hierarchies): what a screen of components inside
/// components costs as the nesting grows (docs/workloads.md).
enum NestedWorkloads {
  static let nested = Workload(
    name: "deep.nested",
    summary: "D levels alternating a vertical stack (a label and the next level) and a plain view holding the next stack by its margins; rotate and Dynamic Type",
    defaultSizes: [10, 100, 1000], isFrameLayoutOnly: false, sizeMeaning: "depth (nesting levels)",
    viewCount: { depth in
      let total = 1 + depth + (depth + 1) / 2
      return total...total
    },
    generate: { size, rng in nestedCase(depth: size, &rng) })

  /// Level 1 is a stack pinned to the root's safe area; an odd level k is a vertical stack
  /// (spacing 4) of a label (2 to 12 words) and level k + 1, an even level a plain view
  /// holding level k + 1 by its margins (4 on every side, four constraints). The innermost
  /// level is a stack with its label only.
  static func nestedCase(depth: Int, _ rng: inout SplitMix64) -> WorkloadCase {
    var b = CaseBuilder(container: Devices.initial.container)
    b.parameters = [("depth", String(depth))]
    b.view("root", in: nil)
    var parent = "root"
    for level in 1...depth {
      let id = "level\(level)"
      if level % 2 == 1 {
        b.stack(id, in: parent, axis: .vertical, spacing: 4)
        ScreenWorkloads.label(&b, "\(id).label", in: id, words: ScreenWorkloads.words(rng.int(in: 2...12), &rng), lineHeight: 20.5)
      } else {
        b.view(id, in: parent) { $0.layoutMargins = EdgeInsets(top: 4, left: 4, bottom: 4, right: 4) }
      }
      if level == 1 {
        for edge in ["top", "bottom", "leading", "trailing"] {
          b.constrain("\(id).\(edge)", "\(id).\(edge)", .equal, "root.safeArea.\(edge)")
        }
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

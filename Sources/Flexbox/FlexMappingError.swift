/// Why a scene case has no flexbox equivalent (docs/flexbox.md, "What is skipped"): each
/// case names the element at fault. A refusal, not a bug: the runner records the case as
/// skipped with ``description`` as the reason, and `bench export --format flex` exits 3.
public enum FlexMappingError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The scene has constraints of its own (a constraint workload): flexbox has none.
  case constraints(count: Int)
  /// Layout guides (they exist only for constraints to use).
  case guides(count: Int)
  /// A step other than `resizeContainer` (the id is the step's JSON path).
  case step(path: String, kind: String)
  /// Labels, wrapping text, scroll views, tables.
  case content(view: String, what: String)
  /// A view placed neither by a stack nor by autoresizing under a view of known size.
  case unplaced(view: String, why: String)
  /// An autoresizing mask with a flexible margin: flexbox insets are fixed.
  case autoresizing(view: String, mask: String)
  /// A stack feature flexbox has no counterpart of.
  case stack(view: String, feature: String)
  /// An `equalSpacing` stack whose items do not fit its length in some state: UIKit then
  /// compresses them by priority, which `space-between` cannot do.
  case equalSpacingOverflow(view: String, state: Int, length: Double, content: Double)
  /// A `fill` stack compressed so far that its compressed view would be shorter than zero
  /// (the solver gives it a negative length; flexbox stops at zero).
  case negativeLength(view: String, item: String, state: Int, length: Double)

  public var description: String {
    switch self {
    case .constraints(let count):
      "the scene has \(count) constraint\(count == 1 ? "" : "s") of its own; flexbox expresses stacks and autoresizing only"
    case .guides(let count): "the scene has \(count) layout guide\(count == 1 ? "" : "s"); flexbox has no constraints to use them"
    case .step(let path, let kind): "\(path) is a \(kind) step; the flex format expresses container resizes only"
    case .content(let view, let what): "view '\(view)' is \(what), which the flex mapping does not model"
    case .unplaced(let view, let why): "view '\(view)' \(why)"
    case .autoresizing(let view, let mask):
      "view '\(view)' autoresizes with \(mask); flexbox positions hold fixed margins only"
    case .stack(let view, let feature): "stack '\(view)' uses \(feature), which flexbox has no counterpart of"
    case .equalSpacingOverflow(let view, let state, let length, let content):
      "equalSpacing stack '\(view)' is \(Self.text(length)) long in state \(state) but its items and minimum gaps need "
        + "\(Self.text(content)): UIKit compresses them by priority, space-between cannot"
    case .negativeLength(let view, let item, let state, let length):
      "fill stack '\(view)' compresses '\(item)' to \(Self.text(length)) in state \(state); flexbox stops a length at zero"
    }
  }

  private static func text(_ value: Double) -> String {
    let rounded = (value * 1000).rounded() / 1000
    return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
  }
}

import LayoutModel

/// Which constraints determine one of a view's four frame variables at a layout's optimum
/// (docs/explain.md has the definition and its reasons).
///
/// Constraint *c* determines attribute *a*, whose optimal value is *a₀*, when *a* stops
/// being fixed at *a₀* after one of these changes to *c* alone: its constant moves by
/// +``ConstraintLayout/explanationStep`` or −``ConstraintLayout/explanationStep``, or *c*
/// is removed. "Fixed at *a₀*" means every optimum of the changed system has *a* = *a₀*;
/// it is asked of the solver with a pull on *a* toward *a₀* + 1 and *a₀* − 1 below every
/// other priority, which moves *a* exactly when some optimum has another value. The answer
/// is a property of the constraint system, not of the basis a solver happens to hold, so
/// every constraint backend gives the same sets.
public struct AttributeExplanation: Hashable, Sendable {
  public var quantity: FrameQuantity
  /// The attribute's value at the optimum. When ``isAmbiguous`` it is the backend's own
  /// choice among optima (backends may differ).
  public var value: Double
  /// Nothing fixes the attribute: some optimum of the unchanged system has another value.
  /// ``determinedBy`` and ``redundant`` are then empty (every constraint would pass the
  /// test, so it says nothing).
  public var isAmbiguous: Bool
  /// The constraints that determine the attribute, in key order.
  public var determinedBy: [ConstraintKey]
  /// Required constraints that fix the attribute only together with others that imply
  /// them (an over-determined required set, e.g. leading, trailing and width all required
  /// and consistent): none passes the test alone, since each one's constant is pinned by
  /// the others and removing it changes nothing, but without it another member's constant
  /// moves the attribute. In key order.
  public var redundant: [ConstraintKey]

  public init(
    quantity: FrameQuantity, value: Double, isAmbiguous: Bool, determinedBy: [ConstraintKey], redundant: [ConstraintKey]
  ) {
    self.quantity = quantity
    self.value = value
    self.isAmbiguous = isAmbiguous
    self.determinedBy = determinedBy
    self.redundant = redundant
  }
}

/// The explanation of a view's frame: one ``AttributeExplanation`` per frame variable, in
/// ``FrameQuantity`` order (minX, minY, width, height).
public struct FrameExplanation: Hashable, Sendable {
  public var view: ViewIndex
  public var attributes: [AttributeExplanation]

  public init(view: ViewIndex, attributes: [AttributeExplanation]) {
    self.view = view
    self.attributes = attributes
  }
}

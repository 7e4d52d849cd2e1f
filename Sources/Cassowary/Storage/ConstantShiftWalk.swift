import LayoutModel

/// One constant shift's walk (``Tableau/shiftConstant(_:to:)``): what it changes, taken
/// out of the tableau, and the change to each row.
struct ConstantShiftWalk {
  let shift: Double
  let collecting: Bool
  let holding: Bool
  /// The basic whose objective contribution is deferred: its row never holds a flip.
  let unheld: Int32
  var overflow: Bool
  var moved = ContiguousArray<Int32>()
  var infeasible = SymbolQueue()
  var newlyHeld = 0
  var crossings = 0

  init(shift: Double, collecting: Bool, holding: Bool, unheld: Int32, overflow: Bool) {
    self.shift = shift
    self.collecting = collecting
    self.holding = holding
    self.unheld = unheld
    self.overflow = overflow
  }

  /// Moves C_S row `r`, whose marker coefficient is `coefficient`; queues it for the dual
  /// simplex if that leaves it infeasible, or holds its flip (Accelerations/HeldFlips.swift).
  /// O(1), or O(row length) for a row newly infeasible.
  @inline(__always)
  mutating func shiftRestricted(
    _ r: Int, by coefficient: Double, table: UnsafeMutableBufferPointer<Row>, kinds: UnsafeBufferPointer<SymbolKind>,
    basicRow: UnsafeBufferPointer<Int32>, occurrences: UnsafeBufferPointer<Int32>
  ) {
    let epsilon = Tableau.epsilon
    let before = table[r].constant
    let constant = before + coefficient * shift
    table[r].constant = constant
    Tableau.noteConstantMoved(Int32(r), in: &moved, overflow: &overflow)
    let partner = table[r].heldPartner
    if partner >= 0 && (before < -epsilon) != (constant < -epsilon) && basicRow[Int(partner)] < 0 {
      crossings += 1
    }
    guard collecting else { return }
    let basic = table[r].basic
    if kinds[Int(basic)] == .dummy {
      if abs(constant) > epsilon { infeasible.insert(basic) }
    } else if constant < -epsilon {
      if holding && partner >= 0 && basicRow[Int(partner)] < 0 { return }
      let cell =
        holding && basic != unheld
        ? Tableau.heldFlipCell(of: basic, in: table[r].cells, kinds: kinds, occurrences: occurrences) : -1
      if cell >= 0 {
        if partner < 0 { newlyHeld += 1 }
        table[r].heldPartner = table[r].symbols[cell]
      } else {
        // Including a row with several candidates: the dual simplex holds it after its
        // ratio test, which needs the objective (`holdFlipIfPossible`).
        infeasible.insert(basic)
      }
    }
  }

  /// Moves C_U row `slot`: only its constant changes. O(1).
  @inline(__always)
  mutating func shiftUnrestricted(_ slot: Int32, by coefficient: Double, table: UnsafeMutableBufferPointer<Row>) {
    table[Int(slot)].constant += coefficient * shift
    Tableau.noteConstantMoved(slot, in: &moved, overflow: &overflow)
  }
}

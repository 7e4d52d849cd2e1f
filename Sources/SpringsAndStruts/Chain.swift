import Scene

/// A stack's visible arranged views along its axis as a chain (docs/scene-semantics.md,
/// stack rules 1–2): `start₁ = 0`, `startᵢ₊₁ = startᵢ + gapStartᵢ + gapᵢ − gapEndᵢ₊₁` and
/// `endₙ = C` on a canvas of length C. A gap runs from vᵢ's end to vᵢ₊₁'s start, or in a
/// baseline-relative vertical stack from vᵢ's last baseline to vᵢ₊₁'s first (a view
/// without baselines has both at its bottom), so each of `gapStart` and `gapEnd` is a
/// constant offset from the view's start or its size.
///
/// Summing the chain gives `C = Σ coefficientⱼ · sizeⱼ + constant + Σ gaps`, each
/// coefficient 0 or 1: 1 for every view normally; in a baseline-relative stack only the
/// first (without baselines) and the last (with baselines) can be 1 — the others' sizes
/// do not reach the ends, so only their own costs size them.
struct Chain {
  /// Per visible view: the coefficient of its size, and gapStart/gapEnd as
  /// `(size coefficient, offset)`.
  var coefficient: [Double] = []
  var startCoefficient: [Double] = []
  var startOffset: [Double] = []
  var endCoefficient: [Double] = []
  var endOffset: [Double] = []
  /// The gap after each visible view (the last one's unused).
  var gap: [Double] = []
  /// `Σ` of the baseline offsets along the chain.
  var constant = 0.0
  /// `Σ gapᵢ` and `max gapᵢ` over the n − 1 gaps (0 when n < 2).
  var gapSum = 0.0
  var gapMaximum = 0.0
  /// Views with coefficient 1.
  var activeCount = 0

  /// Fills the chain for `visible` in `stack`. O(n).
  mutating func build(_ stack: ViewIndex, _ configuration: StackConfiguration, visible: [ViewIndex], _ scene: Scene) {
    let n = visible.count
    let baselineRelative = configuration.isBaselineRelative && configuration.axis == .vertical
    coefficient.removeAll(keepingCapacity: true)
    startCoefficient.removeAll(keepingCapacity: true)
    startOffset.removeAll(keepingCapacity: true)
    endCoefficient.removeAll(keepingCapacity: true)
    endOffset.removeAll(keepingCapacity: true)
    gap.removeAll(keepingCapacity: true)
    for v in visible {
      gap.append(configuration.customSpacing[v] ?? configuration.spacing)
      let baseline = baselineRelative ? scene.baseline(of: v) : nil
      if !baselineRelative {
        startCoefficient.append(1)
        startOffset.append(0)
        endCoefficient.append(0)
        endOffset.append(0)
      } else if let baseline {
        startCoefficient.append(0)
        startOffset.append(baseline.last)
        endCoefficient.append(0)
        endOffset.append(baseline.first)
      } else {
        startCoefficient.append(1)
        startOffset.append(0)
        endCoefficient.append(1)
        endOffset.append(0)
      }
    }
    constant = 0
    gapSum = 0
    gapMaximum = n >= 2 ? -.infinity : 0
    activeCount = 0
    for j in 0..<n {
      var c = j == n - 1 ? 1.0 : startCoefficient[j]
      if j > 0 { c -= endCoefficient[j] }
      coefficient.append(c)
      if c != 0 { activeCount += 1 }
      if j < n - 1 {
        constant += startOffset[j] - endOffset[j + 1]
        gapSum += gap[j]
        gapMaximum = max(gapMaximum, gap[j])
      }
    }
  }

  /// Starts along the axis for the given sizes and gap (nil: each view's own gap), into
  /// `positions`. O(n).
  func positions(sizes: [Double], uniformGap: Double?, into positions: inout [Double]) {
    positions.removeAll(keepingCapacity: true)
    var position = 0.0
    for j in sizes.indices {
      if j > 0 {
        let previous = j - 1
        position += startCoefficient[previous] * sizes[previous] + startOffset[previous]
        position += uniformGap ?? gap[previous]
        position -= endCoefficient[j] * sizes[j] + endOffset[j]
      }
      positions.append(position)
    }
  }

  /// Where view j's gap starts and view j+1's ends, relative to their starts.
  func gapStart(_ j: Int, size: Double) -> Double { startCoefficient[j] * size + startOffset[j] }
  func gapEnd(_ j: Int, size: Double) -> Double { endCoefficient[j] * size + endOffset[j] }
}

/// How a backend is drawn in a report: a colour that is the backend's own in every chart
/// (and in the notebooks, which read ``named`` and ``fallback`` from this file), and a
/// marker shape given by its place in the suite's order.
///
/// Colours are Okabe and Ito's palette (2008), distinguishable with the common forms of
/// colour blindness; the markers tell the lines apart without colour, in greyscale print
/// too. A tuned variant (`cassowary:core`: the base name, a colon, the variant) takes a
/// lighter shade of its base's colour. Backends named nowhere take the ``fallback``
/// colours in name order; yellow, weak on white, comes last.
public struct BackendPalette: Sendable {
  public enum Marker: String, Sendable, CaseIterable {
    case circle, square, triangle, diamond, invertedTriangle, cross
  }

  public struct Style: Hashable, Sendable {
    /// `#0072B2`.
    public var colour: String
    public var marker: Marker
  }

  /// Each known backend's colour. A plain literal, one `"name": "#rrggbb",` a line, so
  /// the notebooks parse the same table (docs/reports.md, "Colours").
  public static let named: [String: String] = [
    "cassowary": "#0072B2",
    "dense-simplex": "#D55E00",
    "springs-struts": "#009E73",
    "kiwisolver": "#CC79A7",
  ]

  /// The colours of base names not in ``named``, dealt in name order (repeating beyond
  /// four).
  public static let fallback = ["#E69F00", "#56B4E9", "#000000", "#F0E442"]

  /// How far toward white the variants of one base are mixed: the i-th of k variants
  /// present (in name order, from 0) by `variantLightening · (i + 1) / (k + 1)`.
  public static let variantLightening = 0.5

  public let backends: [String]
  private let colours: [String: String]

  /// The palette of one report, whose backends are `backends` in the suite's order.
  /// O(backends · log backends).
  public init(backends: [String]) {
    self.backends = backends
    colours = Self.colours(of: backends)
  }

  /// The style of `backend`; a backend outside the list gets the marker after the last.
  /// Beyond six backends markers repeat. O(backends) for a listed backend.
  public func style(for backend: String) -> Style {
    let index = backends.firstIndex(of: backend) ?? backends.count
    let markers = Marker.allCases
    let colour = colours[backend] ?? Self.colours(of: backends + [backend])[backend] ?? Self.fallback[0]
    return Style(colour: colour, marker: markers[index % markers.count])
  }

  /// `cassowary` for `cassowary:core`; the name itself when it has no colon.
  public static func base(of backend: String) -> String {
    backend.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? backend
  }

  /// Every backend's colour: named bases from the table, other bases from the fallback
  /// list in name order, variants a shade of their base's. O(n log n).
  static func colours(of backends: [String]) -> [String: String] {
    let bases = Set(backends.map(base(of:)))
    var baseColours = named
    for (index, unnamed) in bases.filter({ named[$0] == nil }).sorted().enumerated() {
      baseColours[unnamed] = fallback[index % fallback.count]
    }
    var variants: [String: [String]] = [:]
    for backend in Set(backends) where base(of: backend) != backend { variants[base(of: backend), default: []].append(backend) }
    var colours: [String: String] = [:]
    for backend in backends {
      let root = base(of: backend)
      let colour = baseColours[root] ?? fallback[0]
      guard let siblings = variants[root]?.sorted(), let rank = siblings.firstIndex(of: backend) else {
        colours[backend] = colour
        continue
      }
      colours[backend] = lighter(colour, by: variantLightening * Double(rank + 1) / Double(siblings.count + 1))
    }
    return colours
  }

  /// `colour` (`#rrggbb`) mixed with white: each channel `c + (255 − c) · fraction`,
  /// rounded. O(1).
  public static func lighter(_ colour: String, by fraction: Double) -> String {
    let digits = Array(colour.dropFirst())
    guard colour.hasPrefix("#"), digits.count == 6 else { return colour }
    var result = "#"
    for channel in 0..<3 {
      guard let value = Int(String(digits[(2 * channel)..<(2 * channel + 2)]), radix: 16) else { return colour }
      let mixed = Int((Double(value) + Double(255 - value) * fraction).rounded())
      let hex = String(mixed, radix: 16, uppercase: true)
      result += (hex.count == 1 ? "0" : "") + hex
    }
    return result
  }
}

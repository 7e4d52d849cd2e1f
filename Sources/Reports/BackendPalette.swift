/// How a backend is drawn everywhere in one report: a colour and a marker shape, given by
/// the backend's place in the suite's order, so a backend looks the same in every chart.
///
/// Colours are Okabe and Ito's palette (2008), distinguishable with the common forms of
/// colour blindness; each backend also has its own marker shape, so the lines can be told
/// apart without colour, in greyscale print too. Yellow, weak on white, comes last.
public struct BackendPalette: Sendable {
  public enum Marker: String, Sendable, CaseIterable {
    case circle, square, triangle, diamond, invertedTriangle, cross
  }

  public struct Style: Hashable, Sendable {
    /// `#0072B2`.
    public var colour: String
    public var marker: Marker
  }

  static let colours = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#F0E442"]

  public let backends: [String]

  public init(backends: [String]) {
    self.backends = backends
  }

  /// The style of `backend`; a backend outside the list gets the style after the last.
  /// Beyond eight backends colours repeat, with a different marker. O(backends).
  public func style(for backend: String) -> Style {
    let index = backends.firstIndex(of: backend) ?? backends.count
    let markers = Marker.allCases
    return Style(colour: Self.colours[index % Self.colours.count], marker: markers[index % markers.count])
  }
}

import Scene
import StrictJSON

extension SceneDecoder {
  static let viewKeys = [
    "id", "parent", "intrinsicSize", "hugging", "compressionResistance", "baseline", "layoutMargins", "hidden",
    "stack", "arranged", "translatesAutoresizingMask", "frame", "autoresizingMask", "wrapsText", "text",
    "preferredMaxLayoutWidth", "scroll", "table", "insetsLayoutMarginsFromSafeArea",
  ]
  static let textKeys = ["words", "space", "lineHeight", "ascent", "maxLines"]
  static let stackKeys = [
    "axis", "distribution", "alignment", "spacing", "customSpacing", "layoutMarginsRelative", "baselineRelative",
  ]

  /// One view entry (also the entries of an `addViews` step), every field but `id`
  /// optional with formats.md's default; `wrapsText` is this project's extension
  /// (docs/scene-semantics.md). O(size of the entry).
  mutating func decodeView(_ value: JSONValue, at path: JSONPath) throws(JSONError) -> ViewDescription {
    let members = try reader.object(value, at: path, knownKeys: Self.viewKeys)
    var view = ViewDescription(
      id: try reader.identifier(JSONReader.member("id", of: members), at: path.appending("id"), of: "a view id"),
      path: path.description)
    for member in members {
      let memberPath = path.appending(member.key)
      switch member.key {
      case "parent": view.parent = try reader.string(member.value, at: memberPath)
      case "intrinsicSize": view.intrinsicSize = try decodeIntrinsicSize(member.value, at: memberPath)
      case "hugging": view.hugging = try decodePriorityPair(member.value, at: memberPath)
      case "compressionResistance": view.compressionResistance = try decodePriorityPair(member.value, at: memberPath)
      case "baseline":
        let offsets = try reader.numbers(member.value, at: memberPath, count: 2, shape: "[first, last]")
        view.baseline = Baseline(first: offsets[0], last: offsets[1])
      case "layoutMargins": view.layoutMargins = try decodeInsets(member.value, at: memberPath)
      case "hidden": view.isHidden = try reader.bool(member.value, at: memberPath)
      case "stack": view.stack = try decodeStack(member.value, at: memberPath)
      case "arranged": view.isArranged = try reader.bool(member.value, at: memberPath)
      case "translatesAutoresizingMask": view.translatesAutoresizingMask = try reader.bool(member.value, at: memberPath)
      case "frame": view.frame = try decodeFrame(member.value, at: memberPath)
      case "autoresizingMask": view.autoresizingMask = try decodeAutoresizingMask(member.value, at: memberPath)
      case "wrapsText": view.wrapsText = try reader.bool(member.value, at: memberPath)
      case "text": view.text = try decodeText(member.value, at: memberPath)
      case "preferredMaxLayoutWidth": view.preferredMaxLayoutWidth = try reader.number(member.value, at: memberPath)
      case "insetsLayoutMarginsFromSafeArea":
        view.insetsLayoutMarginsFromSafeArea = try reader.bool(member.value, at: memberPath)
      case "scroll":
        _ = try reader.object(member.value, at: memberPath, knownKeys: [])
        view.isScrollView = true
      case "table":
        let table = try reader.object(member.value, at: memberPath, knownKeys: ["estimatedRowHeight"])
        let estimate = try JSONReader.member("estimatedRowHeight", of: table).map { (value: JSONValue) throws(JSONError) in
          try reader.number(value, at: memberPath.appending("estimatedRowHeight"))
        }
        view.table = TableConfiguration(estimatedRowHeight: estimate ?? 44)
      default: break  // `id`, read above, or an unknown field (already a warning)
      }
    }
    return view
  }

  /// A label's `text` (formats.md section 2.1): `words` and `lineHeight` required, `space`,
  /// `ascent` and `maxLines` optional. Only the JSON is checked here (a line limit must be
  /// a whole number); the values are the scene's to judge, so that a `setText` with a
  /// negative advance is a refused step rather than an unreadable file. O(words).
  mutating func decodeText(_ value: JSONValue, at path: JSONPath) throws(JSONError) -> TextContent {
    let members = try reader.object(value, at: path, knownKeys: Self.textKeys)
    var words: [Double] = []
    let wordsPath = path.appending("words")
    for (index, element) in try reader.array(JSONReader.member("words", of: members), at: wordsPath).enumerated() {
      words.append(try reader.number(element, at: wordsPath.appending(index)))
    }
    let lineHeight = try reader.number(JSONReader.member("lineHeight", of: members), at: path.appending("lineHeight"))
    var text = TextContent(words: words, lineHeight: lineHeight)
    if let space = JSONReader.member("space", of: members) { text.space = try reader.number(space, at: path.appending("space")) }
    if let ascent = JSONReader.member("ascent", of: members) {
      text.ascent = try reader.number(ascent, at: path.appending("ascent"))
    }
    if let maxLines = JSONReader.member("maxLines", of: members) {
      text.maxLines = Int(
        try reader.number(maxLines, at: path.appending("maxLines"), expected: "a whole number >= 0") {
          $0 >= 0 && $0 <= 1e9 && $0.rounded() == $0
        })
    }
    return text
  }

  /// `[w|null, h|null]`: a size >= 0, or null for an axis without intrinsic content.
  func decodeIntrinsicSize(_ value: JSONValue, at path: JSONPath) throws(JSONError) -> AxisPair<Double?> {
    var sizes: [Double?] = []
    for (index, element) in try reader.tuple(value, at: path, count: 2, shape: "[width|null, height|null]")
      .enumerated()
    {
      if case .null = element {
        sizes.append(nil)
      } else {
        sizes.append(
          try reader.number(element, at: path.appending(index), expected: "a non-negative number or null") { $0 >= 0 })
      }
    }
    return AxisPair(horizontal: sizes[0], vertical: sizes[1])
  }

  /// `[horizontal, vertical]` priorities in [1, 1000] (hugging, compression resistance).
  func decodePriorityPair(_ value: JSONValue, at path: JSONPath) throws(JSONError) -> AxisPair<Double> {
    let values = try reader.numbers(
      value, at: path, count: 2, shape: "[horizontal, vertical]", expected: "a priority in [1, 1000]"
    ) { $0 >= 1 && $0 <= 1000 }
    return AxisPair(horizontal: values[0], vertical: values[1])
  }

  /// `[x, y, width, height]`, the size non-negative.
  private func decodeFrame(_ value: JSONValue, at path: JSONPath) throws(JSONError) -> Rect {
    let elements = try reader.tuple(value, at: path, count: 4, shape: "[x, y, width, height]")
    var n: [Double] = []
    for (index, element) in elements.enumerated() {
      n.append(
        index < 2
          ? try reader.number(element, at: path.appending(index))
          : try reader.number(element, at: path.appending(index), expected: "a non-negative number") { $0 >= 0 })
    }
    return Rect(x: n[0], y: n[1], width: n[2], height: n[3])
  }

  /// An array of flag names; repeating a flag is harmless (the mask is a set).
  private func decodeAutoresizingMask(_ value: JSONValue, at path: JSONPath) throws(JSONError) -> AutoresizingMask {
    var mask: AutoresizingMask = []
    let flags = AutoresizingMask.named.map { (name: $0.name, value: $0.flag) }
    for (index, element) in try reader.array(value, at: path).enumerated() {
      mask.insert(try reader.choice(element, at: path.appending(index), from: flags))
    }
    return mask
  }

  /// A view's `stack`, or the partial stack of a `setStack` step: every field optional,
  /// an absent one keeping its default (or, in `setStack`, its current value).
  /// `customSpacing` maps arranged view ids to spacings, in file order.
  mutating func decodeStack(_ value: JSONValue, at path: JSONPath) throws(JSONError) -> StackDescription {
    let members = try reader.object(value, at: path, knownKeys: Self.stackKeys)
    var stack = StackDescription()
    for member in members {
      let memberPath = path.appending(member.key)
      switch member.key {
      case "axis":
        stack.axis = try reader.choice(member.value, at: memberPath, from: Axis.allCases.map { ($0.rawValue, $0) })
      case "distribution":
        stack.distribution = try reader.choice(
          member.value, at: memberPath, from: Distribution.allCases.map { ($0.rawValue, $0) })
      case "alignment":
        stack.alignment = try reader.choice(member.value, at: memberPath, from: Self.alignmentNames)
      case "spacing": stack.spacing = try reader.number(member.value, at: memberPath)
      case "customSpacing":
        var entries: [StackDescription.CustomSpacing] = []
        for entry in try reader.object(member.value, at: memberPath) {
          entries.append(
            StackDescription.CustomSpacing(
              after: entry.key, spacing: try reader.number(entry.value, at: memberPath.appending(entry.key))))
        }
        stack.customSpacing = entries
      case "layoutMarginsRelative": stack.isLayoutMarginsRelative = try reader.bool(member.value, at: memberPath)
      case "baselineRelative": stack.isBaselineRelative = try reader.bool(member.value, at: memberPath)
      default: break  // unknown (already a warning)
      }
    }
    return stack
  }

  /// Every alignment name formats.md accepts, `top` and `bottom` included (axis-neutral:
  /// they are `leading` and `trailing`).
  static let alignmentNames: [(name: String, value: StackAlignment)] =
    ["fill", "leading", "top", "center", "trailing", "bottom", "firstBaseline", "lastBaseline"].compactMap { name in
      StackAlignment(name: name).map { (name, $0) }
    }
}

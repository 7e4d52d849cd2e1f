/// Escaping of names and messages taken from results files (workload and backend names,
/// skip reasons, paths) before they go into HTML, SVG or Markdown, so a name such as
/// `a<b & "c"` is shown as written and never read as markup.
public enum Markup {
  /// For HTML and SVG text and attribute values (quoted with `"`): `& < > " '` become
  /// entities. O(length).
  public static func escaped(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for character in text {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      default: result.append(character)
      }
    }
    return result
  }

  /// For Markdown prose and table cells: every ASCII punctuation character that Markdown
  /// or an HTML-aware renderer could read as syntax gets a backslash (CommonMark allows
  /// one before any ASCII punctuation), and line breaks become spaces so a table row stays
  /// one line. O(length).
  public static func markdownEscaped(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "\\", "`", "*", "_", "[", "]", "<", ">", "&", "|", "#", "!", "~": result += "\\" + String(character)
      case "\n", "\r": result += " "
      default: result.append(character)
      }
    }
    return result
  }

  /// A Markdown code span holding `text` literally: the fence is one backtick longer than
  /// the longest run of backticks inside, and `|` is escaped, which GitHub's tables need
  /// even inside code. O(length).
  public static func markdownCode(_ text: String) -> String {
    var longest = 0
    var run = 0
    for character in text {
      run = character == "`" ? run + 1 : 0
      longest = max(longest, run)
    }
    let fence = String(repeating: "`", count: longest + 1)
    let body = text.replacing("|", with: "\\|").replacing("\n", with: " ")
    let padding = body.hasPrefix("`") || body.hasSuffix("`") ? " " : ""
    return fence + padding + body + padding + fence
  }
}

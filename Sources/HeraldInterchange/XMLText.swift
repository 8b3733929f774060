/// User text put into XML or HTML — an SVG map's labels, a web page's text and quoted attributes —
/// so that it shows as written and nothing in it is taken as markup.
public enum XMLText {
  /// `text` with the five special characters as references (`'` as `&#39;`, which HTML 4 and
  /// XML both know), and the characters XML 1.0 cannot hold at all (most control characters,
  /// U+FFFE, U+FFFF) as U+FFFD, so one stray byte cannot make a whole page or map unreadable.
  ///
  /// Scalar by scalar: a combining mark after `&` makes one character of the two, but a markup
  /// parser still sees a bare `&`.
  public static func escaped(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&#39;"
      case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
      case _ where scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value):
        out += "\u{FFFD}"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}

/// iCalendar `TEXT` values (RFC 5545 §3.3.11): `\,` `\;` `\n` `\N` `\\` escapes.
public enum ICalendarText {
  /// The text a `TEXT` value stands for. A backslash before any other character stands for that
  /// character, and a lone one at the end for itself: Thunderbird and khal read such values so too.
  public static func unescape(_ value: String) -> String {
    guard value.contains("\\") else { return value }
    // Scalars, not Characters: no grapheme breaking is needed to find a backslash.
    var result = String.UnicodeScalarView()
    var escaping = false
    for scalar in value.unicodeScalars {
      if escaping {
        result.append(scalar == "n" || scalar == "N" ? "\n" : scalar)
        escaping = false
      } else if scalar == "\\" {
        escaping = true
      } else {
        result.append(scalar)
      }
    }
    if escaping { result.append("\\") }
    return String(result)
  }

  /// `text` as a `TEXT` value that `unescape` turns back into it.
  public static func escape(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "\\": result += "\\\\"
      case ";": result += "\\;"
      case ",": result += "\\,"
      case "\n", "\r\n": result += "\\n"
      default: result.append(character)
      }
    }
    return result
  }
}

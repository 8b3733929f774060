/// iCalendar `TEXT` values (RFC 5545 §3.3.11): `\,` `\;` `\n` `\N` `\\` escapes.
public enum ICalendarText {
  /// The text a `TEXT` value stands for. A backslash before any other character stands for that
  /// character, and a lone one at the end for itself: Thunderbird and khal read such values so too.
  public static func unescape(_ value: String) -> String {
    guard value.contains("\\") else { return value }
    var result = ""
    var escaping = false
    for character in value {
      if escaping {
        result.append(character == "n" || character == "N" ? "\n" : character)
        escaping = false
      } else if character == "\\" {
        escaping = true
      } else {
        result.append(character)
      }
    }
    if escaping { result.append("\\") }
    return result
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

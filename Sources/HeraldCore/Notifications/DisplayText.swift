/// How user text is shortened for display: the one rule every medium uses (notifications, status
/// bars, the terminal). The store and every data format keep the text whole.
///
/// A shortened text ends in whole words followed by `…`; only a single word longer than the room
/// is cut inside, and never inside a character (a grapheme cluster such as an emoji with its
/// modifiers stays whole).
public enum DisplayText {
  /// What ends a shortened text.
  public static let ellipsis: Character = "…"
  /// Room for a title in a notification or a tooltip, in characters: two lines on most servers.
  public static let titleLength = 80
  /// Room for a title in a status bar, in characters.
  public static let statusBarTitleLength = 32

  /// `text` when it fits in `limit` columns, else its longest start of whole words that fits with
  /// the ellipsis. `width` says how many columns a character takes (1 unless told: a terminal
  /// passes its own measure, where an East Asian or emoji character takes 2).
  public static func shortened(
    _ text: String, toFit limit: Int, width: (Character) -> Int = { _ in 1 }
  ) -> String {
    var total = 0
    for character in text {
      total += width(character)
      if total > limit { break }
    }
    guard total > limit else { return text }
    let room = limit - width(ellipsis)
    guard room > 0 else { return limit >= width(ellipsis) ? String(ellipsis) : "" }
    // The longest start that fits, and where its last word boundary is.
    var used = 0
    var end = text.startIndex
    var lastBreak: String.Index?
    var index = text.startIndex
    while index < text.endIndex {
      let character = text[index]
      guard used + width(character) <= room else { break }
      used += width(character)
      index = text.index(after: index)
      if character.isWhitespace { lastBreak = text.index(before: index) }
      end = index
    }
    // Ending on a whole word: at the last blank, unless the text goes on with a blank right here.
    let nextIsBlank = end < text.endIndex && text[end].isWhitespace
    var kept = text[..<(nextIsBlank ? end : lastBreak ?? end)]
    // Without a blank to end at (one long word), cut inside the word.
    if kept.allSatisfy(\.isWhitespace) { kept = text[..<end] }
    while let last = kept.last, last.isWhitespace || last.isPunctuationToDrop { kept = kept.dropLast() }
    return String(kept) + String(ellipsis)
  }
}

extension Character {
  /// Punctuation that reads wrong right before an ellipsis (`Steuer, …`, `Bank: …`, `left · …`).
  fileprivate var isPunctuationToDrop: Bool { ",;:–—-·|".contains(self) }
}

extension DisplayText {
  /// `text` with what no screen can show replaced: control characters (an escape sequence in a
  /// title would drive a terminal) become `�`; line breaks and tabs become spaces on a medium of
  /// one line, and stay where lines are allowed.
  public static func printable(_ text: String, singleLine: Bool) -> String {
    guard text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
      return text
    }
    var scalars = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      guard scalar.properties.generalCategory == .control else {
        scalars.append(scalar)
        continue
      }
      switch scalar {
      case "\n" where !singleLine, "\t" where !singleLine: scalars.append(scalar)
      case "\n", "\t", "\r": scalars.append(" ")
      default: scalars.append("\u{FFFD}")
      }
    }
    return String(scalars)
  }
}

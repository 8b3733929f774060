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
  /// `text` as a screen shows it without being driven by it: the one renderer for user text on
  /// every screen (terminal, status bar, notification). Titles come from the API, the pages and
  /// calendars on the web, so anyone with a token could otherwise clear or rewrite the owner's
  /// terminal, or reorder what a line seems to say.
  ///
  /// - A control character is shown as its symbol (`␛` for ESC, `␇` for BEL, `␡` for DEL; `�` for
  ///   the C1 controls, which have none): seen, never obeyed.
  /// - A bidi embedding, override or isolate (U+202A–U+202E, U+2066–U+2069: the characters of
  ///   CVE-2021-42574, "Trojan Source") is shown as `�`: it would reorder the rest of the line,
  ///   columns and times included.
  /// - A line break (LF, CR, CRLF, VT, FF, NEL, U+2028, U+2029) is `␤` on a medium of one line (a
  ///   row of a listing, a status bar) and a line break where lines are allowed; a tab is a space
  ///   on one line and stays where lines are allowed.
  public static func printable(_ text: String, singleLine: Bool) -> String {
    guard text.unicodeScalars.contains(where: needsRendering) else { return text }
    var scalars = String.UnicodeScalarView()
    var afterCarriageReturn = false
    for scalar in text.unicodeScalars {
      // CRLF is one line break.
      defer { afterCarriageReturn = scalar == "\r" }
      if scalar == "\n", afterCarriageReturn { continue }
      guard needsRendering(scalar) else {
        scalars.append(scalar)
        continue
      }
      switch scalar {
      case "\t": scalars.append(singleLine ? " " : scalar)
      case "\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}":
        scalars.append(singleLine ? lineBreakSymbol : "\n")
      default: scalars.append(symbol(for: scalar))
      }
    }
    return String(scalars)
  }

  /// What a line break looks like on one line: SYMBOL FOR NEWLINE.
  public static let lineBreakSymbol: Unicode.Scalar = "\u{2424}"

  /// Whether `scalar` would act on a screen instead of being shown.
  private static func needsRendering(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: true
    default: false
    }
  }

  /// The visible stand-in of a control character: its symbol in Unicode's Control Pictures block
  /// where there is one (C0 and DEL), else the replacement character.
  private static func symbol(for scalar: Unicode.Scalar) -> Unicode.Scalar {
    switch scalar.value {
    case 0x00...0x1F: Unicode.Scalar(0x2400 + scalar.value) ?? "\u{FFFD}"
    case 0x7F: "\u{2421}"
    default: "\u{FFFD}"
    }
  }
}

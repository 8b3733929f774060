/// How many columns of a terminal a character takes: 2 for East Asian wide and full-width
/// characters and for emoji shown as pictures, 0 for marks that combine with the character
/// before, 1 otherwise — the measure `wcwidth` gives, without depending on the process's locale.
public enum TerminalColumns {
  /// The columns `character` takes.
  public static func of(_ character: Character) -> Int {
    var width = 0
    for scalar in character.unicodeScalars {
      let properties = scalar.properties
      if scalar == "\u{FE0F}" || properties.isEmojiPresentation || isWide(scalar.value) { return 2 }
      switch properties.generalCategory {
      case .nonspacingMark, .enclosingMark, .format: continue
      default: width = max(width, 1)
      }
    }
    return width
  }

  /// The columns `text` takes.
  public static func of(_ text: String) -> Int { text.reduce(0) { $0 + of($1) } }

  /// East Asian Wide and Fullwidth ranges (Unicode's EastAsianWidth.txt, W and F, in blocks).
  private static func isWide(_ value: UInt32) -> Bool {
    switch value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
      0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
      true
    default: false
    }
  }
}

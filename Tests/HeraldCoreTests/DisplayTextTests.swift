import HeraldCore
import Testing

/// The one rule for shortening user text on a screen: whole words, an ellipsis, never a broken
/// character; and what no screen can show replaced.
@Suite struct DisplayTextTests {
  @Test func aTextThatFitsIsLeftAlone() {
    let eighty = String(repeating: "a", count: 80)
    #expect(DisplayText.shortened(eighty, toFit: 80) == eighty)
    #expect(DisplayText.shortened("Deep Work", toFit: 9) == "Deep Work")
  }

  @Test func aLongTextEndsInWholeWordsAndAnEllipsis() {
    // 19 characters fit before the ellipsis: "Steuererklärung für", and a blank follows.
    #expect(
      DisplayText.shortened("Steuererklärung für das Jahr 2025 abgeben", toFit: 20) == "Steuererklärung für…")
    // 16 fit: "Quarterly planni" ends inside a word, so the cut goes back to the blank before it.
    #expect(DisplayText.shortened("Quarterly planning with the team", toFit: 17) == "Quarterly…")
  }

  @Test func punctuationBeforeTheEllipsisIsDropped() {
    #expect(DisplayText.shortened("Anruf Bank, Steuer, Mails", toFit: 13) == "Anruf Bank…")
    #expect(
      DisplayText.shortened("Quarter… · 12:34 left · Steuererklärung", toFit: 30) == "Quarter… · 12:34 left…")
  }

  @Test func oneWordLongerThanTheRoomIsCutInside() {
    #expect(DisplayText.shortened(String(repeating: "a", count: 100), toFit: 10) == "aaaaaaaaa…")
  }

  @Test func aCharacterIsNeverBroken() {
    // A thumbs-up with a skin tone is two scalars and one character.
    let thumbs = String(repeating: "👍🏽", count: 20)
    #expect(DisplayText.shortened(thumbs, toFit: 5) == "👍🏽👍🏽👍🏽👍🏽…")
  }

  @Test func columnsCanBeMeasuredByTheCaller() {
    // Wide characters take two columns: six columns hold two of them and the ellipsis.
    let wide: (Character) -> Int = { $0 == "…" ? 1 : 2 }
    #expect(DisplayText.shortened("会議の準備をする", toFit: 6, width: wide) == "会議…")
  }

  @Test func the500CharacterTitleIsShortenedForDisplayOnly() {
    let title = "Tom & Jerry <3 planning the quarterly review " + String(repeating: "x", count: 455)
    #expect(title.count == 500)
    let shown = DisplayText.shortened(title, toFit: DisplayText.titleLength)
    #expect(shown == "Tom & Jerry <3 planning the quarterly review…")
    #expect(shown.count <= DisplayText.titleLength)
  }

  @Test func controlCharactersNeverReachAScreen() {
    let title = "a\u{1B}[31mb\nc\td\r"
    #expect(DisplayText.printable(title, singleLine: true) == "a␛[31mb␤c d␤")
    #expect(DisplayText.printable(title, singleLine: false) == "a␛[31mb\nc\td\n")
    #expect(DisplayText.printable("Plain € text", singleLine: true) == "Plain € text")
  }

  @Test func everyControlCharacterIsShownAndNoneIsObeyed() {
    // C0 as their Control Pictures, DEL as its own, C1 (CSI U+009B among them) as the replacement.
    #expect(DisplayText.printable("\u{0}\u{7}\u{8}\u{1B}\u{7F}\u{9B}", singleLine: true) == "␀␇␈␛␡\u{FFFD}")
    for value in UInt32(0)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value), scalar.properties.generalCategory == .control else {
        continue
      }
      let shown = DisplayText.printable("a" + String(Character(scalar)) + "b", singleLine: true)
      #expect(shown.unicodeScalars.allSatisfy { $0.properties.generalCategory != .control }, "\(value)")
    }
  }

  @Test func bidiOverridesAndIsolatesCannotReorderALine() {
    // "Trojan Source": an override would show `evil` reversed and drag the columns after it along.
    let marks = "\u{202A}\u{202B}\u{202C}\u{202D}\u{202E}\u{2066}\u{2067}\u{2068}\u{2069}"
    #expect(
      DisplayText.printable("x\(marks)y", singleLine: true) == "x" + String(repeating: "\u{FFFD}", count: 9)
        + "y")
    // Marks that only set a direction stay: right-to-left text needs them.
    #expect(DisplayText.printable("שלום\u{200F} 1", singleLine: true) == "שלום\u{200F} 1")
  }

  @Test func everyLineBreakIsOneSymbolOnOneLine() {
    let breaks = ["\n", "\r", "\r\n", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"]
    for lineBreak in breaks {
      #expect(
        DisplayText.printable("A\(lineBreak)B", singleLine: true) == "A␤B", "\(lineBreak.debugDescription)")
      #expect(
        DisplayText.printable("A\(lineBreak)B", singleLine: false) == "A\nB", "\(lineBreak.debugDescription)")
    }
  }
}

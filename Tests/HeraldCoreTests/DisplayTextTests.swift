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
    #expect(DisplayText.printable(title, singleLine: true) == "a\u{FFFD}[31mb c d ")
    #expect(DisplayText.printable(title, singleLine: false) == "a\u{FFFD}[31mb\nc\td ")
    #expect(DisplayText.printable("Plain € text", singleLine: true) == "Plain € text")
  }
}

import Foundation
import HeraldCore
import HeraldInterchange
import HeraldRuntime
import HeraldTestSupport
import Testing

/// Hostile titles in every live format, byte for byte: Pango markup escaped for waybar, plain
/// text in valid JSON for i3bar, no control character for a terminal; long titles shortened.
@Suite struct LiveRendererEscapingTests {
  static let start = Fixtures.instant("2026-06-01T09:00:00+02:00")
  /// Every character Pango reads as markup, quotes, a tag and a tag pair: 27 characters, which
  /// fit a status bar.
  static let hostile = #"R&D <Q3> "Plan" & <b>Go</b>"#
  /// 500 characters: an entity, a tag, then a long run.
  static let long = "Tom & Jerry <3 planning the quarterly review " + String(repeating: "x", count: 455)

  static func activity(title: String, task: String? = nil) throws -> FocusActivity {
    let block = Fixtures.block(
      "b1", title: title, start: start, minutes: 25, taskIDs: task == nil ? [] : ["t1"])
    let tasks = task.map { [TodoItem(id: "t1", title: $0)] } ?? []
    return try #require(FocusActivity.current(blocks: [block], tasks: tasks, now: start))
  }

  @Test func waybarEscapesForPango() throws {
    let line = WaybarRenderer().frame(try Self.activity(title: Self.hostile), now: Self.start, isFirst: true)
    #expect(
      line
        == #"{"text": "R&amp;D &lt;Q3&gt; \"Plan\" &amp; &lt;b&gt;Go&lt;/b&gt; 25:00", "tooltip": "R&amp;D &lt;Q3&gt; \"Plan\" &amp; &lt;b&gt;Go&lt;/b&gt; · 25:00 left", "class": "focus", "percentage": 0}"#
    )
    #expect(try JSONValue.parse(Data(line.utf8))["class"] == .string("focus"))
  }

  @Test func waybarShortensThenEscapes() throws {
    let line = WaybarRenderer().frame(
      try Self.activity(title: Self.long, task: "<a href=\"https://evil.example\">pay</a>"), now: Self.start,
      isFirst: true)
    let object = try JSONValue.parse(Data(line.utf8))
    // 31 characters fit before the ellipsis in the bar: "Tom & Jerry <3 planning the qua" ends inside a
    // word, so the cut goes back to the blank after "the".
    #expect(object["text"] == .string("Tom &amp; Jerry &lt;3 planning the… 25:00"))
    #expect(
      object["tooltip"]
        == .string(
          "Tom &amp; Jerry &lt;3 planning the quarterly review… · 25:00 left\n"
            + "&lt;a href=\"https://evil.example\"&gt;pay&lt;/a&gt;\n0/1 done"))
  }

  @Test func waybarEscapesACombiningMarkAfterAnAmpersand() throws {
    // "&" and a combining acute accent make one character, but Pango still sees a bare "&".
    let line = WaybarRenderer().frame(
      try Self.activity(title: "A &\u{301} B"), now: Self.start, isFirst: true)
    #expect(try JSONValue.parse(Data(line.utf8))["text"] == .string("A &amp;\u{301} B 25:00"))
  }

  @Test func i3barShowsTitlesAsPlainTextInValidJSON() throws {
    let line = I3barRenderer().frame(try Self.activity(title: Self.hostile), now: Self.start, isFirst: true)
    #expect(
      line
        == #"[{"full_text": "R&D <Q3> \"Plan\" & <b>Go</b> · 25:00", "short_text": "R&D <Q3> \"Plan\" & <b>Go</b> 25:00", "name": "herald", "instance": "b1", "urgent": false}]"#
    )
    // No `markup` key: i3bar shows the text as it is.
    guard case .array(let blocks) = try JSONValue.parse(Data(line.utf8)), let block = blocks.first else {
      Issue.record("not an array of blocks: \(line)")
      return
    }
    #expect(block["markup"] == nil)
    #expect(block["full_text"] == .string(#"R&D <Q3> "Plan" & <b>Go</b> · 25:00"#))
  }

  @Test func i3barShortensALongTitleAndKeepsControlCharactersOut() throws {
    let line = I3barRenderer().frame(
      try Self.activity(title: Self.long, task: "Tab\there\u{1B}[31mred"), now: Self.start, isFirst: false)
    #expect(
      line
        == ",[{\"full_text\": \"Tom & Jerry <3 planning the… · 25:00 · Tab here\u{241B}[31mred · 0/1\", "
        + "\"short_text\": \"Tom & Jerry <3 planning the… 25:00\", \"name\": \"herald\", \"instance\": \"b1\", "
        + "\"urgent\": false}]")
    #expect(throws: Never.self) { try JSONValue.parse(Data(line.dropFirst().utf8)) }
  }

  @Test func textFitsTheTerminalTitleFirst() throws {
    let block = Fixtures.block(
      "b1", title: "Quarterly planning with the whole team and guests", start: Self.start, minutes: 30,
      taskIDs: ["t1", "t2", "t3", "t4", "t5"])
    let tasks = [
      TodoItem(id: "t1", title: "Belege sortieren", completed: true),
      TodoItem(id: "t2", title: "Steuererklärung"),
      TodoItem(id: "t3", title: "Mails", completed: true), TodoItem(id: "t4", title: "Anruf Bank"),
      TodoItem(id: "t5", title: "Ablage"),
    ]
    let now = Self.start.addingTimeInterval(1046)
    let activity = try #require(FocusActivity.current(blocks: [block], tasks: tasks, now: now))
    // Wide enough for everything.
    #expect(
      TextRenderer(width: { 100 }).frame(activity, now: now, isFirst: true)
        == "Quarterly planning with the whole team and guests · 12:34 left · Steuererklärung · 2/5 · 58%")
    // 60 columns: the rest takes 43, the title gets 17.
    #expect(
      TextRenderer(width: { 60 }).frame(activity, now: now, isFirst: true)
        == "Quarterly… · 12:34 left · Steuererklärung · 2/5 · 58%")
    // 30 columns: the title keeps 8, then the line is shortened at a whole word.
    #expect(TextRenderer(width: { 30 }).frame(activity, now: now, isFirst: true) == "Quarter… · 12:34 left…")
  }

  @Test func textCountsWideCharactersAsTwoColumns() throws {
    let activity = try Self.activity(title: "会議の準備をする")
    // "会議の準備をする · 25:00 left · 0%": 16 + 3 + 10 + 3 + 2 = 34 columns; 30 leave the title 12.
    #expect(
      TextRenderer(width: { 30 }).frame(activity, now: Self.start, isFirst: true)
        == "会議の準備… · 25:00 left · 0%")
    #expect(TerminalColumns.of("会") == 2)
    #expect(TerminalColumns.of("e\u{301}") == 1)
    #expect(TerminalColumns.of("👍🏽") == 2)
    #expect(TerminalColumns.of("a") == 1)
  }

  @Test func textWritesNoControlCharacters() throws {
    let line = TextRenderer().frame(
      try Self.activity(title: "Bad\u{1B}]0;owned\u{7}\nline"), now: Self.start, isFirst: true)
    #expect(line == "Bad\u{241B}]0;owned\u{2407}\u{2424}line · 25:00 left · 0%")
  }
}

import Foundation
import HeraldCore
import HeraldInterchange
import HeraldRuntime
import HeraldTestSupport
import Testing

/// Spec 002 on the desktop: the exact line each format writes for a frame.
@Suite struct LiveRendererTests {
  static let start = Fixtures.instant("2026-06-01T09:00:00+02:00")
  static let block = Fixtures.block(
    "b1", start: start, minutes: 30, taskIDs: ["t1", "t2", "t3", "t4", "t5"])
  static let tasks = [
    TodoItem(id: "t1", title: "Belege sortieren", completed: true),
    TodoItem(id: "t2", title: "Steuererklärung"),
    TodoItem(id: "t3", title: "Mails", completed: true),
    TodoItem(id: "t4", title: "Anruf Bank"),
    TodoItem(id: "t5", title: "Ablage"),
  ]
  /// 12:34 left of 30 minutes: 1046 of 1800 seconds gone, 58 %.
  static let midway = start.addingTimeInterval(1046)
  /// One second left: the last frame before the end.
  static let lastSecond = start.addingTimeInterval(1799)

  static func activity(tasks: [TodoItem] = tasks, now: Date) throws -> FocusActivity {
    try #require(FocusActivity.current(blocks: [block], tasks: tasks, now: now))
  }

  static var allDone: [TodoItem] { tasks.map { TodoItem(id: $0.id, title: $0.title, completed: true) } }

  // MARK: text

  @Test func textWhileABlockRuns() throws {
    let line = TextRenderer().frame(try Self.activity(now: Self.midway), now: Self.midway, isFirst: true)
    #expect(line == "Deep Work · 12:34 left · Steuererklärung · 2/5 · 58%")
  }

  @Test func textWithAllTasksDoneDropsTheCurrentTask() throws {
    let activity = try Self.activity(tasks: Self.allDone, now: Self.midway)
    #expect(
      TextRenderer().frame(activity, now: Self.midway, isFirst: false) == "Deep Work · 12:34 left · 5/5 · 58%"
    )
  }

  @Test func textInTheLastSecond() throws {
    let line = TextRenderer().frame(
      try Self.activity(now: Self.lastSecond), now: Self.lastSecond, isFirst: false)
    #expect(line == "Deep Work · 0:01 left · Steuererklärung · 2/5 · 99%")
  }

  @Test func textForABlockWithoutTasksShowsNoTally() throws {
    let lone = Fixtures.block("b2", title: "Lesen", start: Self.start, minutes: 25)
    let activity = try #require(FocusActivity.current(blocks: [lone], tasks: [], now: Self.start))
    #expect(TextRenderer().frame(activity, now: Self.start, isFirst: true) == "Lesen · 25:00 left · 0%")
  }

  @Test func textWithNoBlockSaysSoAndNamesTheNext() {
    let berlin = Fixtures.zone("Europe/Berlin")
    let renderer = TextRenderer(timeZone: berlin)
    #expect(renderer.frame(nil, now: Self.midway, isFirst: true) == "no focus block running")
    #expect(renderer.preamble.isEmpty)
    // Later the same day: the time; on another day: the date too, both on the local wall clock.
    let today = Fixtures.block("b2", start: Fixtures.instant("2026-06-01T14:00:00+02:00"))
    #expect(
      renderer.frame(nil, next: today, now: Self.midway, isFirst: false)
        == "no focus block running — next: Deep Work at 14:00")
    let tomorrow = Fixtures.block("b3", title: "Review", start: Fixtures.instant("2026-06-02T08:30:00+02:00"))
    #expect(
      renderer.frame(nil, next: tomorrow, now: Self.midway, isFirst: false)
        == "no focus block running — next: Review at 2026-06-02 08:30")
    #expect(
      TextRenderer(language: .de, timeZone: berlin).frame(nil, next: today, now: Self.midway, isFirst: false)
        == "kein Focus Block läuft — als Nächstes: Deep Work um 14:00")
  }

  // MARK: waybar

  @Test func waybarWhileABlockRuns() throws {
    let line = WaybarRenderer().frame(try Self.activity(now: Self.midway), now: Self.midway, isFirst: true)
    #expect(
      line
        == #"{"text": "Deep Work 12:34", "tooltip": "Deep Work · 12:34 left\nSteuererklärung\n2/5 done", "class": "focus", "percentage": 58}"#
    )
  }

  @Test func waybarWithAllTasksDone() throws {
    let activity = try Self.activity(tasks: Self.allDone, now: Self.midway)
    #expect(
      WaybarRenderer().frame(activity, now: Self.midway, isFirst: false)
        == #"{"text": "Deep Work 12:34", "tooltip": "Deep Work · 12:34 left\n5/5 done", "class": "focus", "percentage": 58}"#
    )
  }

  @Test func waybarInTheLastSecondIsEnding() throws {
    let line = WaybarRenderer().frame(
      try Self.activity(now: Self.lastSecond), now: Self.lastSecond, isFirst: false)
    #expect(
      line
        == #"{"text": "Deep Work 0:01", "tooltip": "Deep Work · 0:01 left\nSteuererklärung\n2/5 done", "class": "ending", "percentage": 99}"#
    )
  }

  @Test func waybarTurnsEndingAtTheLastMinute() throws {
    func className(secondsLeft: Double) throws -> JSONValue? {
      let now = Self.block.end.addingTimeInterval(-secondsLeft)
      let line = WaybarRenderer().frame(try Self.activity(now: now), now: now, isFirst: false)
      return try JSONValue.parse(Data(line.utf8))["class"]
    }
    #expect(try className(secondsLeft: 61) == .string("focus"))
    #expect(try className(secondsLeft: 60) == .string("ending"))
  }

  @Test func waybarWithNoBlockIsIdleAndEmpty() {
    #expect(
      WaybarRenderer().frame(nil, now: Self.midway, isFirst: true)
        == #"{"text": "", "tooltip": "", "class": "idle", "percentage": 0}"#)
  }

  @Test func waybarEscapesTitlesAsJSON() throws {
    let quoted = Fixtures.block("b3", title: #"Say "hi" \ bye"#, start: Self.start, minutes: 25)
    let activity = try #require(FocusActivity.current(blocks: [quoted], tasks: [], now: Self.start))
    let line = WaybarRenderer().frame(activity, now: Self.start, isFirst: true)
    let text = try JSONValue.parse(Data(line.utf8))["text"]
    #expect(text == .string(#"Say "hi" \ bye 25:00"#))
    #expect(!line.contains("\n"))
  }

  // MARK: i3bar

  @Test func i3barStartsWithTheProtocolHeader() {
    #expect(I3barRenderer().preamble == [#"{"version": 1}"#, "["])
  }

  @Test func i3barWhileABlockRuns() throws {
    let activity = try Self.activity(now: Self.midway)
    let block =
      #"{"full_text": "Deep Work · 12:34 · Steuererklärung · 2/5", "short_text": "Deep Work 12:34", "name": "herald", "instance": "b1", "urgent": false}"#
    #expect(I3barRenderer().frame(activity, now: Self.midway, isFirst: true) == "[\(block)]")
    #expect(I3barRenderer().frame(activity, now: Self.midway, isFirst: false) == ",[\(block)]")
  }

  @Test func i3barWithAllTasksDone() throws {
    let activity = try Self.activity(tasks: Self.allDone, now: Self.midway)
    #expect(
      I3barRenderer().frame(activity, now: Self.midway, isFirst: false)
        == #",[{"full_text": "Deep Work · 12:34 · 5/5", "short_text": "Deep Work 12:34", "name": "herald", "instance": "b1", "urgent": false}]"#
    )
  }

  @Test func i3barInTheLastSecondIsUrgent() throws {
    let activity = try Self.activity(now: Self.lastSecond)
    #expect(
      I3barRenderer().frame(activity, now: Self.lastSecond, isFirst: false)
        == #",[{"full_text": "Deep Work · 0:01 · Steuererklärung · 2/5", "short_text": "Deep Work 0:01", "name": "herald", "instance": "b1", "urgent": true}]"#
    )
  }

  @Test func i3barWithNoBlockIsAnEmptyArray() {
    #expect(I3barRenderer().frame(nil, now: Self.midway, isFirst: true) == "[]")
    #expect(I3barRenderer().frame(nil, now: Self.midway, isFirst: false) == ",[]")
  }

  @Test func eachFormatHasItsRenderer() {
    #expect(LiveFormat.waybar.renderer() is WaybarRenderer)
    #expect(LiveFormat.i3bar.renderer() is I3barRenderer)
    #expect(LiveFormat.text.renderer() is TextRenderer)
  }

  @Test func germanWordsWhenTheUserReadsGerman() {
    let now = Fixtures.instant("2026-11-23T08:30:00Z")
    let activity = FocusActivity(
      attributes: FocusActivityAttributes(
        blockID: "b1", blockTitle: "Deep Work", startDate: Fixtures.instant("2026-11-23T08:00:00Z"),
        endDate: Fixtures.instant("2026-11-23T09:00:00Z")),
      state: FocusActivityContentState(currentTaskTitle: "Steuererklärung", completedCount: 1, totalCount: 2))
    #expect(
      TextRenderer(language: .de).frame(activity, now: now, isFirst: true)
        == "Deep Work · noch 30:00 · Steuererklärung · 1/2 · 50%")
    #expect(WaybarRenderer(language: .de).frame(activity, now: now, isFirst: true).contains("1/2 erledigt"))
  }
}

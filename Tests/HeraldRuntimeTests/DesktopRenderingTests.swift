import Foundation
import HeraldCore
import HeraldTestSupport
import Testing

@testable import HeraldRuntime

/// What a delivery looks like on a freedesktop notification server, for each thing the server
/// can or cannot do: escaping by `body-markup`, buttons by `actions`.
@Suite struct DesktopRenderingTests {
  static let now = Fixtures.instant("2026-11-23T09:00:00Z")
  static let dunst = ServerSession(
    instance: "bus/:1.0", capabilities: ["actions", "body", "body-hyperlinks", "body-markup"], name: "dunst",
    vendor: "knopwob", version: "1.9.0", specificationVersion: "1.2")
  static let plain = ServerSession(
    instance: "bus/:1.0", capabilities: ["body"], name: "plain", vendor: "", version: "",
    specificationVersion: "1.2")
  static let hostile = #"Preis <5 € vs. >3 € & <b>fett</b> <a href="https://evil.example">hier</a>"#

  /// The due-date advance reminder of a task titled `title`, as the core decides it.
  static func delivery(title: String, late: Bool = false) throws -> Delivery {
    var settings = Settings()
    settings.dueDateAdvanceReminderEnabled = true
    settings.dueDateMorningReminderEnabled = false
    let state = PlanningState(
      timeZone: Fixtures.zone("UTC"), language: .en, settings: settings,
      tasks: [TodoItem(id: "t1", title: title, due: now + 3600)])
    let context = PlanningContext(state: state, now: now - 60, limits: .unlimited)
    let scheduled = try #require(Planner.schedule(context).first { $0.fireDate == now })
    let due = Planner.due(scheduled, in: context)
    let decided = DeliveryDecision.decide(
      due, log: [:], now: late ? now + 600 : now, policy: DeliveryPolicy())
    guard case .show(let delivery) = decided else {
      Issue.record("not shown: \(decided)")
      throw DeliveryNotShown()
    }
    return delivery
  }

  struct DeliveryNotShown: Error {}

  @Test func theSummaryIsPlainAndTheBodyEscapedWhereTheServerReadsMarkup() throws {
    let request = DesktopRendering.request(for: try Self.delivery(title: Self.hostile), on: Self.dunst)
    #expect(request.summary == Self.hostile)
    #expect(
      request.body
        == #"Preis &lt;5 € vs. &gt;3 € &amp; &lt;b&gt;fett&lt;/b&gt; &lt;a href="https://evil.example"&gt;hier&lt;/a&gt; is due in 1 hour"#
    )
    #expect(request.actions == ["done", "Done"])
    #expect(request.urgency == 1)
    #expect(request.category == "x-herald.due-date-advance")
    #expect(!request.suppressSound)
  }

  @Test func withoutMarkupTheBodyIsSentAsWritten() throws {
    let request = DesktopRendering.request(for: try Self.delivery(title: "A & B"), on: Self.plain)
    #expect(request.body.hasPrefix("A & B is due in 1 hour"))
  }

  @Test func withoutButtonsTheBodySaysWhichCommandAnswers() throws {
    let request = DesktopRendering.request(for: try Self.delivery(title: "Report"), on: Self.plain)
    #expect(request.actions.isEmpty)
    #expect(request.body == "Report is due in 1 hour\nAnswer in a terminal: herald task done t1")
  }

  @Test func aLongTitleIsShortenedAndMarkedLate() throws {
    let title = "Tom & Jerry <3 planning the quarterly review " + String(repeating: "x", count: 455)
    let request = DesktopRendering.request(for: try Self.delivery(title: title, late: true), on: Self.dunst)
    #expect(request.summary == "Tom & Jerry <3 planning the quarterly review… (late)")
    #expect(request.body == "Tom &amp; Jerry &lt;3 planning the quarterly review… is due in 1 hour")
  }

  @Test func stylesMapOntoUrgencyAndSound() {
    #expect(DesktopRendering.urgency(.passive) == 0)
    #expect(DesktopRendering.urgency(.active) == 1)
    #expect(DesktopRendering.urgency(.timeSensitive) == 2)
    #expect(DesktopRendering.urgency(.critical) == 2)
  }

  @Test func theNotifyCallCarriesEveryArgumentAndHint() {
    let request = NotifyRequest(
      summary: "S", body: "B", actions: ["snooze", "Snooze 5 min"], urgency: 0, category: "x-herald.movement",
      suppressSound: true, value: 42, expireTimeout: 0)
    let arguments = request.arguments(replacing: 7)
    #expect(arguments.map(\.signature) == ["s", "u", "s", "s", "s", "as", "a{sv}", "i"])
    #expect(arguments[0] == .string("Herald"))
    #expect(arguments[1] == .uint32(7))
    #expect(arguments[5] == .strings(["snooze", "Snooze 5 min"]))
    #expect(
      arguments[6]
        == .variants([
          "urgency": .byte(0), "category": .string("x-herald.movement"), "suppress-sound": .boolean(true),
          "value": .int32(42),
        ]))
    #expect(arguments[7] == .int32(0))
    // Kept with the notification, and read back the same.
    #expect(NotifyRequest(encoded: request.encoded()) == request)
    #expect(NotifyRequest(encoded: "not json") == nil)
  }

  @Test func markupEscapesOnlyWhatMarkupReads() {
    #expect(Markup.escaped(#"a & b < c > d "e" 'f'"#) == #"a &amp; b &lt; c &gt; d "e" 'f'"#)
    #expect(Markup.escaped("&amp;") == "&amp;amp;")
    #expect(Markup.escaped("plain") == "plain")
  }

  @Test func theLiveActivityShowsMinutesTaskTallyAndProgress() throws {
    let start = Fixtures.instant("2026-11-23T09:00:00Z")
    let block = Fixtures.block("b1", title: "Deep <Work>", start: start, minutes: 50, taskIDs: ["t1", "t2"])
    let tasks = [TodoItem(id: "t1", title: "Inbox", completed: true), TodoItem(id: "t2", title: "R&D")]
    let now = start + 20 * 60 + 30
    let activity = try #require(FocusActivity.current(blocks: [block], tasks: tasks, now: now))
    let request = LiveActivityRendering.request(activity, now: now, texts: Texts(.en), on: Self.dunst)
    #expect(request.summary == "Deep <Work>")
    #expect(request.body == "30 min left · R&amp;D · 1/2 done")
    #expect(request.value == 41)
    #expect(request.urgency == 0 && request.suppressSound && request.expireTimeout == 0)
    #expect(request.actions.isEmpty)
    #expect(request.category == "x-herald.live-activity")
  }
}

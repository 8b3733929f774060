import Foundation
import HeraldContracts
import HeraldCore
import HeraldInterchange
import HeraldSQLite
import HeraldTestSupport
import Testing

/// `herald run --sink desktop` against a real notification server: what dunst receives over the
/// session bus, read with `dbus-monitor` — styles, text as written, a notification replaced in its
/// slot instead of stacking, and closed once answered.
///
/// Each test has a desktop of its own (`PrivateDesktop`: Xvfb, a private bus, dunst). Enabled
/// only with `HERALD_DESKTOP_TESTS=1`, which `.ci/desktop-session` sets: a plain `swift test` on a
/// machine without Xvfb and dunst skips it. With the variable set, a missing part is a failure.
@Suite(
  .enabled(
    if: ProcessInfo.processInfo.environment["HERALD_DESKTOP_TESTS"] == "1",
    "needs HERALD_DESKTOP_TESTS=1, Xvfb, dbus-daemon and dunst: run under .ci/desktop-session"))
struct DesktopNotificationTests {
  /// Monday 23 November 2026, UTC: a gentle block whose first reminder is 09:05, a standard one
  /// (09:11) and an urgent one (09:17). Six minutes apart, so no follow-up (10 minutes) comes between.
  static let scenario = """
    {
      "timeZone": "UTC",
      "locale": "en",
      "movement": {
        "days": {
          "monday": { "timeBlocks": [
            { "start": "09:00", "end": "09:06", "style": "gentle", "intervalMinutes": 5 },
            { "start": "09:06", "end": "09:12", "style": "standard", "intervalMinutes": 5 },
            { "start": "09:12", "end": "09:18", "style": "urgent", "intervalMinutes": 5 }
          ] }
        }
      }
    }
    """
  /// Every message of the notification interface, and the answers carrying the ids.
  static let monitorRules = [
    "type='method_call',interface='org.freedesktop.Notifications'", "type='method_return'",
    "type='signal',interface='org.freedesktop.Notifications'",
  ]

  /// A desktop, a database with `scenario` imported, and a monitor on the desktop's bus.
  static func prepare(_ scenario: String) throws -> (PrivateDesktop, String, DBusMonitor) {
    let desktop = try PrivateDesktop()
    let database = desktop.directory.path("herald.sqlite")
    let imported = try HeraldProcess.run(["import", "--database", database, "-"], stdin: scenario)
    guard imported.status == 0 else {
      desktop.stop()
      throw SessionBus.Failure("import: \(imported.stderr)")
    }
    do {
      return (desktop, database, try DBusMonitor(bus: desktop.bus, rules: monitorRules))
    } catch {
      desktop.stop()
      throw error
    }
  }

  /// The anchor of a fast clock: a whole second three seconds ahead. The daemon takes over at
  /// the instant its clock reads when it has started, and owes nothing due before it; under a
  /// loaded CI, starting took longer than the half second a reminder at the anchor used to leave
  /// (at a minute a second, a reminder 30 s after the clock's start was already past). The lead
  /// lets it start before the clock reads its start, in every test of the desktop.
  static var anchor: Date { Date(timeIntervalSince1970: (Date().timeIntervalSince1970 + 3).rounded(.up)) }

  @Test func stylesReachTheServerEachReplacesTheLastAndAckClosesIt() throws {
    let (desktop, database, monitor) = try Self.prepare(Self.scenario)
    defer {
      monitor.stop()
      desktop.stop()
    }
    // The fast clock reads 09:02 at the anchor and runs a minute per second.
    let daemon = try DesktopDaemon(
      desktop: desktop, database: database, clockStart: Fixtures.instant("2026-11-23T09:02:00Z"), speed: 60,
      anchor: Self.anchor)
    defer { daemon.forceStop() }

    // Then three reminders are delivered, one of each style, at their times.
    let delivered = daemon.deliveries(until: Date(timeIntervalSinceNow: 60)) {
      $0.count >= 3 ? Array($0.prefix(3)) : nil
    }
    let reminders = try #require(delivered, "three deliveries; stderr \(daemon.stderr)")
    #expect(reminders.map(\.style) == ["gentle", "standard", "urgent"])
    #expect(
      reminders.map(\.fireDate)
        == ["09:05", "09:11", "09:17"].map { Fixtures.instant("2026-11-23T\($0):00Z") })

    // And the server received each, the second and third in place of the first: one slot.
    let calls = try #require(
      monitor.wait(until: Date(timeIntervalSinceNow: 10)) { log in
        let answered = log.notifyCalls.filter { $0.id != nil }
        return answered.count >= 3 ? Array(answered.prefix(3)) : nil
      }, "three answered Notify calls; dbus-monitor saw \(monitor.log.notifyCalls)")
    let id = try #require(calls[0].id)
    #expect(calls.map(\.replacesID) == [0, id, id])
    #expect(calls.map(\.id) == [id, id, id])
    // Gentle → low (0) and silent; standard → normal (1); urgent → critical (2).
    let expected: [(urgency: Int, silent: Bool)] = [(0, true), (1, false), (2, false)]
    for (call, (urgency, silent)) in zip(calls, expected) {
      #expect(call.appName == "Herald")
      #expect(call.summary == "Time to move")
      #expect(call.body == "Stand up and move for a minute.")
      #expect(call.urgency == urgency, "\(call)")
      #expect((call.suppressSound == true) == silent, "\(call)")
      #expect(call.category == "x-herald.movement")
      #expect(call.actionKeys == ["snooze", "done"])
    }

    // When the user presses "Snooze", as the server reports it on the bus…
    let pressedOnTheClock = daemon.clock(at: Date())
    try desktop.bus.emitActionInvoked(id: id, key: "snooze")
    // …then the snoozed reminder comes 5 minutes (of the fast clock) later, standard, and replaces
    // the reminder it belongs to.
    let snoozed = try #require(
      daemon.deliveries(until: Date(timeIntervalSinceNow: 30)) {
        $0.first { $0.id == "exercise-reminder-snooze" }
      },
      "a snooze delivery; stderr \(daemon.stderr)")
    let delay = snoozed.fireDate.timeIntervalSince(pressedOnTheClock)
    #expect((299...360).contains(delay), "snoozed to \(snoozed.fireDate), pressed at \(pressedOnTheClock)")
    let snoozedCall = try #require(
      monitor.wait(until: Date(timeIntervalSinceNow: 10)) { log in
        let answered = log.notifyCalls.filter { $0.id != nil }
        return answered.count >= 4 ? answered[3] : nil
      }, "\(monitor.log.notifyCalls)")
    #expect(snoozedCall.replacesID == id)
    #expect(snoozedCall.id == id)
    #expect(snoozedCall.urgency == 1)
    #expect(try desktop.openNotificationCount() == 1)

    // When `herald ack` runs in another process, the reminder closes within a second.
    let ack = try HeraldProcess.run(["ack", "--database", database])
    let acknowledged = Date()
    #expect(ack.status == 0, "\(ack.stderr)")
    let closed = monitor.wait(until: Date(timeIntervalSinceNow: 5)) { log in
      log.events("CloseNotification").first { $0.numbers == [id] && $0.sender == snoozedCall.sender }
    }
    let close = try #require(closed, "no CloseNotification(\(id)); stderr \(daemon.stderr)")
    #expect(
      close.time - acknowledged.timeIntervalSince1970 < 1,
      "closed \(close.time - acknowledged.timeIntervalSince1970) s after")
    #expect(
      monitor.wait(until: Date(timeIntervalSinceNow: 5)) { log in
        log.events("NotificationClosed", kind: "signal").first { $0.numbers == [id, 3] }
      } != nil)
    #expect(try desktop.openNotificationCount() == 0)
    #expect(try SQLiteStore(path: database).awaitedAnswers().isEmpty)

    // SIGTERM is a graceful shutdown: exit status 0.
    #expect(daemon.end(with: SIGTERM) == 0, "stderr \(daemon.stderr)")
  }

  /// Titles with every character markup reads, a tag, a link, and 500 characters.
  static let boldBlock = "Deep Work & <b>Bold</b> <i>x</i>"
  static let linkTask = #"Preis <5 € vs. >3 € klären <a href="https://evil.example/">Klick</a> & mehr"#
  static let longTask = "Tom & Jerry <3 planning the quarterly review " + String(repeating: "x", count: 455)

  @Test func titlesArriveEscapedInTheBodyPlainInTheSummaryAndShortened() throws {
    let scenario = JSONWriter.string(
      .object([
        .init("timeZone", .string("UTC")), .init("locale", .string("en")),
        .init(
          "settings",
          .object([
            .init("dueDateMorningReminderEnabled", .bool(false)),
            .init("dueDateAdvanceReminderEnabled", .bool(true)),
            .init("dueDateAdvanceReminderMinutes", .number(15)),
            .init("liveActivityNotificationEnabled", .bool(false)),
          ])),
        .init(
          "focusBlocks",
          .array([
            .object([
              .init("id", .string("b1")), .init("title", .string(Self.boldBlock)),
              .init("start", .string("2026-11-23T09:05:00Z")), .init("end", .string("2026-11-23T09:35:00Z")),
            ])
          ])),
        .init(
          "tasks",
          .array([
            .object([
              .init("id", .string("t1")), .init("title", .string(Self.linkTask)),
              .init("due", .string("2026-11-23T09:20:00Z")),
            ]),
            .object([
              .init("id", .string("t2")), .init("title", .string(Self.longTask)),
              .init("due", .string("2026-11-23T09:21:00Z")),
            ]),
          ])),
      ]))
    let (desktop, database, monitor) = try Self.prepare(scenario)
    defer {
      monitor.stop()
      desktop.stop()
    }
    // 08:59:30 at the anchor: the block's reminder (09:00) after half a second, the tasks' at
    // 09:05 and 09:06.
    let daemon = try DesktopDaemon(
      desktop: desktop, database: database, clockStart: Fixtures.instant("2026-11-23T08:59:30Z"), speed: 60,
      anchor: Self.anchor)
    defer { daemon.forceStop() }
    let calls = try #require(
      monitor.wait(until: Date(timeIntervalSinceNow: 30)) { log in
        let answered = log.notifyCalls.filter { $0.id != nil }
        return answered.count >= 3 ? answered : nil
      }, "three Notify calls; stderr \(daemon.stderr)")
    func call(_ category: String, _ index: Int = 0) -> DBusMonitorLog.NotifyCall? {
      calls.filter { $0.category == "x-herald.\(category)" }.dropFirst(index).first
    }

    // The summary is plain text by the specification: as written. The body is markup on dunst:
    // escaped, so no tag, entity or link takes effect.
    let block = try #require(call("focus-block-start"))
    #expect(block.summary == "Focus block starts soon")
    #expect(block.body == "Deep Work &amp; &lt;b&gt;Bold&lt;/b&gt; &lt;i&gt;x&lt;/i&gt; starts in 5 minutes")
    let link = try #require(call("due-date-advance"))
    #expect(link.summary == Self.linkTask)
    #expect(
      link.body
        == #"Preis &lt;5 € vs. &gt;3 € klären &lt;a href="https://evil.example/"&gt;Klick&lt;/a&gt; &amp; mehr is due in 15 minutes"#
    )
    #expect(link.actionKeys == ["done"])
    // 500 characters: shortened at a whole word to at most 80, with an ellipsis.
    let long = try #require(call("due-date-advance", 1))
    #expect(long.summary == "Tom & Jerry <3 planning the quarterly review…")
    #expect(long.body == "Tom &amp; Jerry &lt;3 planning the quarterly review… is due in 15 minutes")

    // The store keeps every title whole.
    let store = try SQLiteStore(path: database)
    #expect(try store.tasks().map(\.title) == [Self.linkTask, Self.longTask])
    #expect(try store.focusBlocks().map(\.title) == [Self.boldBlock])
    #expect(daemon.end(with: SIGTERM) == 0, "stderr \(daemon.stderr)")
  }
}

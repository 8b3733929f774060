import Foundation
import HeraldSystem
import HeraldRuntime
import HeraldCore
import HeraldInterchange
import HeraldTestSupport
import Testing

/// `herald run --sink desktop` against a real notification server: what dunst receives over the
/// session bus, read with `dbus-monitor`, for a gentle, a standard and an urgent movement reminder,
/// and a snooze pressed the way a server reports it.
///
/// Enabled only with `HERALD_DESKTOP_TESTS=1`, which `.ci/desktop-session` sets after starting
/// Xvfb and dunst on the `dbus-run-session` bus that `.ci/run` gives it: a plain `swift test` on a
/// developer's machine has no such server to itself. With the variable set, a missing bus or
/// server is a failure, never a silent skip.
@Suite(
  .enabled(
    if: ProcessInfo.processInfo.environment["HERALD_DESKTOP_TESTS"] == "1",
    "needs HERALD_DESKTOP_TESTS=1 and a notification server: run under .ci/desktop-session"))
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
  /// The fast clock: it reads 09:02 at the anchor and runs 60 times as fast, so a demo minute is a
  /// real second and the three reminders come 3, 9 and 15 seconds after the start.
  static let clockStart = Fixtures.instant("2026-11-23T09:02:00Z")
  static let speed = 60.0

  @Test func stylesReachTheServerAndASnoozeReschedules() throws {
    try #require(
      SessionBus.isReachable(),
      "HERALD_DESKTOP_TESTS=1 but no session bus answers (DBUS_SESSION_BUS_ADDRESS=\(SessionBus.address ?? "unset"))"
    )
    try #require(
      try SessionBus.hasOwner("org.freedesktop.Notifications"),
      "HERALD_DESKTOP_TESTS=1 but no notification server owns org.freedesktop.Notifications")

    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let database = directory.path("herald.sqlite")
    let imported = try HeraldProcess.run(["import", "--database", database, "-"], stdin: Self.scenario)
    try #require(imported.status == 0, "import: \(imported.stderr)")

    // Notify calls, and the method returns that carry the ids the server gives them.
    let monitor = try DBusMonitor(rules: [
      "type='method_call',interface='org.freedesktop.Notifications'", "type='method_return'",
    ])
    defer { monitor.stop() }
    let anchor = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
    let daemon = try DaemonProcess([
      "run", "--database", database, "--sink", "desktop", "--sink", "stdout",
      "--clock-start", RFC3339.utcString(Self.clockStart), "--clock-speed", "\(Int(Self.speed))",
      "--clock-anchor", RFC3339.utcString(anchor), "--time-zone", "UTC",
    ])
    /// Closes what is still on screen, so that no notify-send stays waiting for it.
    func closeShown() {
      for call in monitor.log.notifyCalls where call.appName == "Herald" {
        if let id = call.id { try? SessionBus.closeNotification(id: id) }
      }
    }
    defer {
      daemon.forceStop()
      closeShown()
    }
    /// The real instant at which the fast clock reads `instant`.
    func real(_ instant: Date) -> Date {
      anchor.addingTimeInterval(instant.timeIntervalSince(Self.clockStart) / Self.speed)
    }

    // Then three reminders are delivered, one of each style, at their times.
    let delivered = daemon.deliveries(until: Date(timeIntervalSinceNow: 60)) {
      $0.count >= 3 ? Array($0.prefix(3)) : nil
    }
    let reminders = try #require(
      delivered, "three deliveries; stdout \(daemon.stdout), stderr \(daemon.stderr)")
    #expect(reminders.map(\.id) == Array(repeating: "exercise-reminder", count: 3))
    #expect(reminders.map(\.style) == ["gentle", "standard", "urgent"])
    #expect(reminders.map(\.interruptionLevel) == ["passive", "active", "timeSensitive"])
    #expect(
      reminders.map(\.fireDate)
        == ["09:05", "09:11", "09:17"].map { Fixtures.instant("2026-11-23T\($0):00Z") })

    // And the server received each: app name, texts, urgency byte, and no sound for gentle only.
    /// The Notify call made for `delivery`: the first after it was shown whose answer (the id) came.
    func call(for delivery: DeliveredLine, in log: DBusMonitorLog) -> DBusMonitorLog.NotifyCall? {
      let shownAt = real(delivery.deliveredAt).timeIntervalSince1970
      return log.notifyCalls.first { $0.id != nil && (shownAt - 1...shownAt + 10).contains($0.time) }
    }
    let calls = try #require(
      monitor.wait(until: Date(timeIntervalSinceNow: 10)) { log in
        let calls = reminders.compactMap { call(for: $0, in: log) }
        return calls.count == reminders.count ? calls : nil
      }, "a Notify call with its id for each; dbus-monitor saw \(monitor.log.notifyCalls)")
    // Gentle → low (0) and silent; standard → normal (1); urgent → critical (2).
    let expected: [(urgency: Int, silent: Bool)] = [(0, true), (1, false), (2, false)]
    for (index, call) in calls.enumerated() {
      let (delivery, (urgency, silent)) = (reminders[index], expected[index])
      #expect(call.appName == "Herald")
      #expect(delivery.title == "Time to move")
      #expect(call.summary == delivery.desktopTitle)
      #expect(call.body == "Stand up and move for a minute.")
      #expect(call.urgency == urgency, "\(call)")
      #expect((call.suppressSound == true) == silent, "\(call)")
      #expect(call.hints["category"] == .string("x-herald.movement"))
      #expect(call.actionKeys == ["snooze", "done"])
    }
    #expect(Set(calls.compactMap(\.id)).count == 3)

    // When the user presses "Snooze" on the urgent one, as the server reports it on the bus…
    let urgentID = try #require(calls[2].id)
    let pressedAt = Date()
    try SessionBus.emitActionInvoked(id: urgentID, key: "snooze")
    let pressedOnTheClock = Self.clockStart.addingTimeInterval(
      pressedAt.timeIntervalSince(anchor) * Self.speed)

    // …then the snoozed reminder is delivered 5 minutes (of the fast clock) later, standard.
    let snoozed = try #require(
      daemon.deliveries(until: Date(timeIntervalSinceNow: 30)) {
        $0.first { $0.id == "exercise-reminder-snooze" }
      }, "a snooze delivery; stdout \(daemon.stdout), stderr \(daemon.stderr)")
    let delay = snoozed.fireDate.timeIntervalSince(pressedOnTheClock)
    // Heard within a real second of the press (60 s on the clock); the line keeps whole seconds.
    #expect((299...360).contains(delay), "snoozed to \(snoozed.fireDate), pressed at \(pressedOnTheClock)")
    #expect(snoozed.deliveredAt >= snoozed.fireDate)
    #expect(snoozed.interruptionLevel == "active")
    let snoozedCall = monitor.wait(until: Date(timeIntervalSinceNow: 10)) { call(for: snoozed, in: $0) }
    #expect(snoozedCall?.urgency == 1, "\(monitor.log.notifyCalls)")
    #expect(snoozedCall?.suppressSound == nil)

    // SIGTERM is a graceful shutdown: exit status 0.
    closeShown()
    let status = daemon.terminate(within: 15)
    #expect(status == 0, "herald run ended with \(String(describing: status)); stderr \(daemon.stderr)")
  }
}

/// One delivery line of `herald run --sink stdout`, the fields this test reads.
struct DeliveredLine: Sendable {
  var id: String
  var fireDate: Date
  var deliveredAt: Date
  var late: Bool
  var interruptionLevel: String
  var title: String
  var style: String?

  /// The summary the desktop sink shows (English): the title, marked when late.
  var desktopTitle: String { late ? "\(title) (late)" : title }

  init?(_ text: String) {
    guard let object = try? JSONValue.parse(Data(text.utf8)),
      case .string(let id) = object["id"], case .string(let fire) = object["fireDate"],
      case .string(let shown) = object["deliveredAt"], case .bool(let late) = object["late"],
      case .string(let level) = object["interruptionLevel"], case .string(let title) = object["title"],
      let fireDate = RFC3339.parse(fire), let deliveredAt = RFC3339.parse(shown)
    else { return nil }
    self.id = id
    self.fireDate = fireDate
    self.deliveredAt = deliveredAt
    self.late = late
    self.interruptionLevel = level
    self.title = title
    if case .string(let style) = object["userInfo"]?["style"] { self.style = style }
  }
}

/// `herald run` as a child process, its stdout and stderr collected as they arrive.
private final class DaemonProcess: Sendable {
  private let process = Process()
  private let exited = DispatchSemaphore(value: 0)
  private let output: LineStream
  private let errors: LineStream

  init(_ arguments: [String]) throws {
    process.executableURL = HeraldProcess.productsDirectory.appendingPathComponent("herald")
    process.arguments = arguments
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.terminationHandler = { [exited] _ in exited.signal() }
    try process.runWithSignalsUnblocked()
    output = LineStream(out.fileHandleForReading)
    errors = LineStream(err.fileHandleForReading)
  }

  var stdout: String { output.lines.joined(separator: "\n") }
  var stderr: String { errors.lines.joined(separator: "\n") }

  /// Waits until `found` makes something of the delivery lines so far, or `deadline` passes.
  func deliveries<T>(until deadline: Date, _ found: ([DeliveredLine]) -> T?) -> T? {
    output.wait(until: deadline) { found($0.compactMap(DeliveredLine.init)) }
  }

  /// Sends SIGTERM and waits for the exit, up to `seconds` (then SIGKILL). The exit status, or
  /// `nil` when it did not exit by itself.
  func terminate(within seconds: Double) -> Int32? {
    process.terminate()
    guard exited.wait(timeout: .now() + seconds) == .success else {
      forceStop()
      return nil
    }
    process.waitUntilExit()
    return process.terminationReason == .exit ? process.terminationStatus : nil
  }

  /// Ends it at once (SIGKILL), if it still runs.
  func forceStop() {
    guard process.isRunning else { return }
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }
}

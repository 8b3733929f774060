import Foundation
import HeraldContracts
import HeraldCore
import HeraldInterchange
import HeraldSQLite
import HeraldTestSupport
import Testing

/// How the desktop sink's notifications and the daemon end: no child process at any time, no
/// process left after SIGKILL or SIGTERM, no button left open after SIGTERM, the buttons given
/// back after a crash, and the connection made anew when dunst or the bus restart.
@Suite(
  .enabled(
    if: ProcessInfo.processInfo.environment["HERALD_DESKTOP_TESTS"] == "1",
    "needs HERALD_DESKTOP_TESTS=1, Xvfb, dbus-daemon and dunst: run under .ci/desktop-session"))
struct DesktopLifecycleTests {
  /// One urgent movement block from 09:00 to `end` with a reminder every 5 minutes: at 09:05,
  /// then (until `end`) 09:10 and 09:15, each replacing the last; no follow-up comes between.
  static func movement(end: String) -> String {
    """
    {
      "timeZone": "UTC", "locale": "en",
      "movement": { "days": { "monday": { "timeBlocks": [
        { "start": "09:00", "end": "\(end)", "style": "urgent", "intervalMinutes": 5 }
      ] } } }
    }
    """
  }

  @Test func twentyOpenNotificationsHoldNoChildProcessAndSIGTERMClosesTheirButtons() throws {
    // Twenty tasks due at 09:20: twenty advance reminders with a "Done" button at 09:05.
    let tasks = (1...20).map { #"{"id": "t\#($0)", "title": "Task \#($0)", "due": "2026-11-23T09:20:00Z"}"# }
    let scenario = """
      {
        "timeZone": "UTC", "locale": "en",
        "settings": { "dueDateMorningReminderEnabled": false, "dueDateAdvanceReminderEnabled": true,
                      "dueDateAdvanceReminderMinutes": 15 },
        "tasks": [\(tasks.joined(separator: ", "))]
      }
      """
    let (desktop, database, monitor) = try DesktopNotificationTests.prepare(scenario)
    defer {
      monitor.stop()
      desktop.stop()
    }
    let daemon = try DesktopDaemon(
      desktop: desktop, database: database, clockStart: Fixtures.instant("2026-11-23T09:04:30Z"), speed: 60,
      anchor: DesktopNotificationTests.anchor)
    defer { daemon.forceStop() }
    let calls = try #require(
      monitor.wait(until: Date(timeIntervalSinceNow: 30)) { log in
        let answered = log.notifyCalls.filter { $0.id != nil && !$0.actionKeys.isEmpty }
        return answered.count >= 20 ? answered : nil
      }, "twenty Notify calls; stderr \(daemon.stderr)")
    #expect(Set(calls.compactMap(\.id)).count == 20)
    #expect(try desktop.openNotificationCount() == 20)

    // With twenty notifications open, the daemon holds no child process.
    let children = try ProcessTable.children(of: daemon.pid)
    #expect(children.isEmpty, "children: \(children.map(\.arguments))")
    print(
      "DesktopLifecycleTests: child processes of herald run with 20 open notifications: \(children.count)")

    // SIGTERM: every notification with a button is closed before the daemon exits.
    #expect(daemon.end(with: SIGTERM) == 0, "stderr \(daemon.stderr)")
    let closed = Set(monitor.log.events("CloseNotification").flatMap(\.numbers))
    #expect(closed == Set(calls.compactMap(\.id)))
    #expect(try desktop.openNotificationCount() == 0)
    let left = try ProcessTable.leftovers(of: daemon.pid, mentioning: database)
    #expect(left.isEmpty, "left: \(left.map(\.arguments))")
    #expect(try SQLiteStore(path: database).desktopNotifications().isEmpty)
  }

  @Test func afterSIGKILLNothingRemainsAndARestartGivesTheButtonsBack() throws {
    let (desktop, database, monitor) = try DesktopNotificationTests.prepare(Self.movement(end: "09:06"))
    defer {
      monitor.stop()
      desktop.stop()
    }
    // Half a minute a second: the reminder at 09:05 comes after a second, its follow-up (09:15)
    // after 21 seconds, long after the restart.
    let clockStart = Fixtures.instant("2026-11-23T09:04:30Z")
    let anchor = DesktopNotificationTests.anchor
    let first = try DesktopDaemon(
      desktop: desktop, database: database, clockStart: clockStart, speed: 30, anchor: anchor)
    defer { first.forceStop() }
    let shown = try #require(
      monitor.wait(until: Date(timeIntervalSinceNow: 20)) { log in log.notifyCalls.first { $0.id != nil } },
      "stderr \(first.stderr)")
    let id = try #require(shown.id)
    #expect(shown.actionKeys == ["snooze", "done"])
    // Once it is in the delivery log (a kill between showing and recording shows it again).
    #expect(first.waitForLog("] shown", until: Date(timeIntervalSinceNow: 10)), "stderr \(first.stderr)")

    // SIGKILL: no process of Herald's remains; the notification stays on screen, its buttons
    // heard by nobody.
    #expect(first.end(with: SIGKILL) == nil)
    let left = try ProcessTable.leftovers(of: first.pid, mentioning: database)
    #expect(left.isEmpty, "left: \(left.map(\.arguments))")
    #expect(try desktop.openNotificationCount() == 1)

    // The restarted daemon shows it again in its place, from its own connection…
    let second = try DesktopDaemon(
      desktop: desktop, database: database, clockStart: clockStart, speed: 30, anchor: anchor)
    defer { second.forceStop() }
    let adopted = try #require(
      monitor.wait(until: Date(timeIntervalSinceNow: 10)) { log in
        log.notifyCalls.first { $0.id != nil && $0.sender != shown.sender }
      }, "stderr \(second.stderr)")
    #expect(adopted.replacesID == id)
    #expect(adopted.id == id)
    #expect(adopted.actionKeys == ["snooze", "done"])
    #expect(try desktop.openNotificationCount() == 1)

    // …so a press on it is heard: "Done" marks the break done, and the notification closes.
    try desktop.bus.emitActionInvoked(id: id, key: "done")
    let closed = monitor.wait(until: Date(timeIntervalSinceNow: 10)) { log in
      log.events("CloseNotification").first { $0.numbers == [id] && $0.sender == adopted.sender }
    }
    #expect(closed != nil, "stderr \(second.stderr)")
    let log = try SQLiteStore(path: database).movementLog()
    #expect(log.lastReminderAnswered && log.snoozedAt == nil)
    #expect(log.progress.acknowledged == 1)

    #expect(second.end(with: SIGTERM) == 0, "stderr \(second.stderr)")
    #expect(try ProcessTable.leftovers(of: second.pid, mentioning: database).isEmpty)
    #expect(try desktop.openNotificationCount() == 0)
  }

  @Test func reconnectsWhenTheServerAndWhenTheBusRestart() throws {
    let (desktop, database, firstMonitor) = try DesktopNotificationTests.prepare(Self.movement(end: "09:20"))
    var monitor = firstMonitor
    defer {
      monitor.stop()
      desktop.stop()
    }
    // Half a minute a second: reminders at 09:05, 09:10 and 09:15 come after 1, 11 and 21 seconds.
    let daemon = try DesktopDaemon(
      desktop: desktop, database: database, clockStart: Fixtures.instant("2026-11-23T09:04:30Z"), speed: 30,
      anchor: DesktopNotificationTests.anchor)
    defer { daemon.forceStop() }
    let first = try #require(
      monitor.wait(until: Date(timeIntervalSinceNow: 20)) { log in log.notifyCalls.first { $0.id != nil } },
      "stderr \(daemon.stderr)")
    let oldServer = try #require(first.server)

    // dunst restarts: the daemon hears it go and come, and asks the new one what it can do.
    desktop.stopServer()
    try desktop.startServer()
    let newServer = try #require(try desktop.bus.owner(of: "org.freedesktop.Notifications"))
    #expect(newServer != oldServer)
    #expect(
      monitor.wait(until: Date(timeIntervalSinceNow: 5)) { log in
        log.events("GetCapabilities").count >= 2 ? true : nil
      } != nil, "capabilities not read again; stderr \(daemon.stderr)")
    // The 09:10 reminder reaches the new server, as a new notification: the old id was the old
    // server's and must not name anything on the new one.
    let second = try #require(
      monitor.wait(until: Date(timeIntervalSinceNow: 20)) { log in
        log.notifyCalls.first { $0.id != nil && $0.server == newServer }
      }, "stderr \(daemon.stderr)")
    #expect(second.replacesID == 0)
    #expect(try desktop.openNotificationCount() == 1)

    // The bus itself restarts (and dunst with it): the daemon connects again.
    monitor.stop()
    desktop.stopServer()
    desktop.stopBus()
    try desktop.startBus()
    try desktop.startServer()
    monitor = try DBusMonitor(bus: desktop.bus, rules: DesktopNotificationTests.monitorRules)
    #expect(
      daemon.waitForLog("reconnected to the session bus", until: Date(timeIntervalSinceNow: 10)),
      "stderr \(daemon.stderr)")
    let third = try #require(
      monitor.wait(until: Date(timeIntervalSinceNow: 20)) { log in log.notifyCalls.first { $0.id != nil } },
      "no reminder after the bus restarted; stderr \(daemon.stderr)")
    #expect(third.summary == "Time to move")
    #expect(third.replacesID == 0)
    #expect(daemon.end(with: SIGTERM) == 0, "stderr \(daemon.stderr)")
    #expect(try desktop.openNotificationCount() == 0)
  }
}

import Foundation
import HeraldCore
import HeraldInterchange
import HeraldTestSupport
import Testing

/// The Live Activity on a desktop without a status bar: `herald run` shows the running focus
/// block as one resident notification on dunst, updated in place once a minute (the same id,
/// `replaces_id`) and at once when a task is done, with the `value` hint drawn as a progress bar;
/// closed when the daemon stops. A screenshot is taken of it (`HERALD_SCREENSHOT=PATH` keeps it
/// there; the README shows `docs/live-activity.png`).
@Suite(
  .enabled(
    if: ProcessInfo.processInfo.environment["HERALD_DESKTOP_TESTS"] == "1",
    "needs HERALD_DESKTOP_TESTS=1, Xvfb, dbus-daemon, dunst and ImageMagick: run under .ci/desktop-session"))
struct LiveActivityNotificationTests {
  /// A 50-minute block from 09:00 with two tasks, in German, the demo's language.
  static let scenario = """
    {
      "timeZone": "UTC", "locale": "de",
      "focusBlocks": [ { "id": "deep-work", "title": "Deep Work", "start": "2026-11-23T09:00:00Z",
                         "end": "2026-11-23T09:50:00Z", "taskIDs": ["inbox", "proposal"] } ],
      "tasks": [ { "id": "inbox", "title": "Posteingang leeren" },
                 { "id": "proposal", "title": "Angebot schreiben" } ]
    }
    """

  @Test func theRunningBlockIsOneNotificationUpdatedInPlaceWithAProgressBar() throws {
    let (desktop, database, monitor) = try DesktopNotificationTests.prepare(Self.scenario)
    defer {
      monitor.stop()
      desktop.stop()
    }
    // 09:20 at the anchor, a minute a second: the first tick comes when the daemon has started,
    // so the minutes it shows are read from it.
    let daemon = try DesktopDaemon(
      desktop: desktop, database: database, clockStart: Fixtures.instant("2026-11-23T09:20:00Z"), speed: 60,
      anchor: DesktopNotificationTests.anchor)
    defer { daemon.forceStop() }
    func live(_ log: DBusMonitorLog) -> [DBusMonitorLog.NotifyCall] {
      log.notifyCalls.filter { $0.id != nil && $0.category == "x-herald.live-activity" }
    }
    let updates = try #require(
      monitor.wait(until: Date(timeIntervalSinceNow: 20)) { log in
        let calls = live(log)
        return calls.count >= 3 ? Array(calls.prefix(3)) : nil
      }, "three updates; stderr \(daemon.stderr)")
    let id = try #require(updates[0].id)
    // One notification: the first asks for a new one, each update replaces it and keeps its id.
    #expect(updates.map(\.replacesID) == [0, id, id])
    #expect(updates.map(\.id) == [id, id, id])
    #expect(updates.allSatisfy { $0.summary == "Deep Work" && $0.actionKeys.isEmpty })
    #expect(updates.allSatisfy { $0.urgency == 0 && $0.suppressSound == true })
    // The minutes left, the current task and done/total; the elapsed share as the value hint.
    let first = try #require(
      updates[0].body.wholeMatch(of: #/noch (\d+) Min\. · Posteingang leeren · 0/2 erledigt/#))
    let minutes = try #require(Int(first.output.1))
    // The daemon starts up to the anchor's lead before 09:20: the minutes are those left when
    // dbus-monitor saw the update, or one more (the update was made before it was seen).
    let seenAt = daemon.clock(at: Date(timeIntervalSince1970: updates[0].time))
    let left = Int((Fixtures.instant("2026-11-23T09:50:00Z").timeIntervalSince(seenAt) / 60).rounded(.up))
    #expect([left, left + 1].contains(minutes), "seen at \(seenAt)")
    #expect(updates[1].body == "noch \(minutes - 1) Min. · Posteingang leeren · 0/2 erledigt")
    #expect(updates[2].body == "noch \(minutes - 2) Min. · Posteingang leeren · 0/2 erledigt")
    // At a minute's change m minutes are left, 50 − m of 50 gone: 2 × (50 − m) %; the first
    // update comes within the minute before.
    let atChange = 2 * (50 - (minutes - 1))
    #expect(updates.map(\.value) == [updates[0].value, atChange, atChange + 2])
    #expect(((atChange - 2)..<atChange).contains(updates[0].value ?? -1))
    // At most once a minute: each update in a minute of the clock of its own.
    let clockMinutes = updates.map {
      Int(daemon.clock(at: Date(timeIntervalSince1970: $0.time)).timeIntervalSince1970 / 60)
    }
    #expect(Set(clockMinutes).count == updates.count, "updates in clock minutes \(clockMinutes)")

    // A task done in another process shows at once, in place.
    let done = try HeraldProcess.run(["task", "done", "inbox", "--database", database])
    #expect(done.status == 0, "\(done.stderr)")
    let doneAt = Date().timeIntervalSince1970
    let afterDone = try #require(
      monitor.wait(until: Date(timeIntervalSinceNow: 5)) { log in
        live(log).first { $0.body.contains("Angebot schreiben · 1/2 erledigt") }
      }, "\(live(monitor.log).map(\.body))")
    #expect(afterDone.replacesID == id && afterDone.id == id)
    #expect(afterDone.time - doneAt < 1)
    #expect(try desktop.openNotificationCount() == 1)

    // The screenshot: dunst draws the value hint as a progress bar under the text.
    let path =
      ProcessInfo.processInfo.environment["HERALD_SCREENSHOT"] ?? desktop.directory.path("live-activity.png")
    try desktop.screenshot(to: path, crop: "464x108+560+0")
    let size = try Program.run("identify", ["-format", "%wx%h", path]).output
    #expect(size == "464x108")
    // Not a blank screen: the notification's colours, text and bar.
    let colours = Int(try Program.run("identify", ["-format", "%k", path]).output) ?? 0
    #expect(colours > 8, "\(colours) colours in \(path)")

    // When the daemon stops, the Live Activity closes with it.
    #expect(daemon.end(with: SIGTERM) == 0, "stderr \(daemon.stderr)")
    #expect(monitor.log.events("CloseNotification").contains { $0.numbers == [id] })
    #expect(try desktop.openNotificationCount() == 0)
  }
}

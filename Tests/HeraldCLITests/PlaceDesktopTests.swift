import Foundation
import HeraldCore
import HeraldInterchange
import HeraldSystem
import HeraldTestSupport
import Testing

/// A place notification on a real desktop (dunst on a private bus): it offers the map as its
/// default action, and when the server reports that action, the daemon draws the route's map
/// afresh and hands it to `xdg-open` (here a stand-in that writes down what it was given).
///
/// The notification waits for a look at its map (`AwaitedAnswer.map`), kept with its slot; the
/// desktop sink reports the pressed `default` action for the slot, and the daemon opens the map
/// through `MapOpener`.
@Suite(
  .enabled(
    if: ProcessInfo.processInfo.environment["HERALD_DESKTOP_TESTS"] == "1",
    "needs HERALD_DESKTOP_TESTS=1, Xvfb, dbus-daemon and dunst: run under .ci/desktop-session"))
struct PlaceDesktopTests {
  static let gate = (latitude: 45.2735, longitude: 13.7141)

  @Test(.timeLimit(.minutes(2)))
  func clickingAPlaceNotificationOpensTheMapOfItsRoute() async throws {
    let desktop = try PrivateDesktop()
    defer { desktop.stop() }
    let db = try CLIDatabase()
    defer { db.remove() }
    let fixture = WalkFixture(
      routeID: "tor", name: "Zum Tor & zurück",
      points: [
        WalkFixture.Point(
          id: "tor", name: "Tor", latitude: Self.gate.latitude, longitude: Self.gate.longitude),
        WalkFixture.Point(
          id: "weit", name: "Weit", latitude: Self.gate.latitude + 0.01, longitude: Self.gate.longitude),
      ])
    try fixture.startWalk(in: db)
    try db.succeed(["settings", "set", "locale", "en"])
    // The stand-in for xdg-open, first on PATH.
    let bin = db.directory.path("bin")
    try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
    let opened = db.directory.path("opened.txt")
    let opener = bin + "/xdg-open"
    try Data("#!/bin/sh\nprintf '%s' \"$1\" > \(opened).part && mv \(opened).part \(opened)\n".utf8)
      .write(to: URL(fileURLWithPath: opener))
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: opener)
    let path = bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")

    let monitor = try DBusMonitor(
      bus: desktop.bus,
      rules: [
        "type='method_call',interface='org.freedesktop.Notifications'", "type='method_return'",
      ])
    defer { monitor.stop() }
    let fix =
      #"{"latitude":\#(Self.gate.latitude),"longitude":\#(Self.gate.longitude),"time":"2026-06-01T10:00:00Z","accuracy":5}"#
    let daemon = try StreamingProcess(
      ["run", "--database", db.path, "--sink", "desktop", "--sink", "stdout", "--location", "stdin"],
      stdin: Data((fix + "\n").utf8),
      environment: desktop.environment.merging(["PATH": path, "XDG_RUNTIME_DIR": db.directory.url.path]) {
        $1
      })
    defer { daemon.kill() }
    var ids: [String] = []
    for await line in daemon.lines {
      if let delivery = DeliveredLine(line.text) { ids.append(delivery.id) }
      if !ids.isEmpty { break }
    }
    #expect(ids == ["spot_Tor_1780308000"])

    // What the server got: the texts, and the map as the default action.
    let call = try #require(
      monitor.wait(until: Date(timeIntervalSinceNow: 15)) { log in
        log.notifyCalls.first { $0.summary == "Point of interest reached" && $0.id != nil }
      }, "Notify calls seen: \(monitor.log.notifyCalls)")
    #expect(call.body == "You are at Tor.")
    #expect(call.actionKeys == ["default"])
    #expect(call.actions == ["default", "Open map"])
    #expect(call.hints["category"] == .string("x-herald.poi"))

    // The user clicks the notification.
    try desktop.bus.emitActionInvoked(id: try #require(call.id), key: "default")
    let deadline = Date().addingTimeInterval(30)
    var file = ""
    while file.isEmpty, Date() < deadline {
      file = (try? String(contentsOfFile: opened, encoding: .utf8)) ?? ""
      if file.isEmpty { try await Task.sleep(for: .milliseconds(50)) }
    }
    #expect(file.hasSuffix(".svg"), "stderr: \(daemon.standardError.map(\.text).suffix(10))")
    let svg = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
    #expect(svg.contains("<title>Zum Tor &amp; zurück</title>"))
    #expect(svg.contains(#"class="poi visited""#) && svg.contains(#"class="poi unvisited""#))
    #expect(svg.contains(#"class="highlight""#))
    try? desktop.bus.closeNotification(id: try #require(call.id))
    daemon.terminate()
    #expect(await daemon.waitForExit() == 0)
  }
}

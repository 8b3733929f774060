import Foundation
import HeraldContracts
import HeraldCore
import HeraldInterchange
import HeraldRuntime
import HeraldSQLite
import HeraldSystem
import HeraldTestSupport
import Logging
import Testing

/// Standard input and a GPX replay as location sources, and the map a notification opens.
@Suite struct LocationSourcesTests {
  static func fixes(_ events: [LocationEvent]) -> [LocationFix] {
    events.compactMap { if case .fix(let fix) = $0 { fix } else { nil } }
  }

  @Test func standardInputTakesOneFixPerLineAndNamesTheLineOfEachBadOne() async throws {
    let pipe = Pipe()
    let logs = LogRecorder()
    let source = StdinSource(input: pipe.fileHandleForReading, logger: logs.logger())
    let lines = [
      #"{"latitude":45.2735,"longitude":13.7141,"time":"2026-06-01T10:00:00Z","accuracy":8}"#,
      "not json",
      "",
      #"{"latitude":91,"longitude":13.7141,"time":"2026-06-01T10:00:01Z"}"#,
      #"{"latitude":45.2735,"longitude":13.7141,"time":"yesterday"}"#,
      #"{"latitude":45.2735,"longitude":13.7141,"time":"2026-06-01T10:00:02Z","speed":3}"#,
      #"{"latitude":45.2735,"longitude":13.7141,"time":"2026-06-01T10:00:03Z","accuracy":-1}"#,
      #"{"latitude":45.2736,"longitude":13.7142,"time":"2026-06-01T10:00:04.5+02:00"}"#,
    ]
    pipe.fileHandleForWriting.write(Data(lines.joined(separator: "\n").utf8))
    try pipe.fileHandleForWriting.close()
    var events: [LocationEvent] = []
    for await event in source.events() { events.append(event) }
    let fixes = Self.fixes(events)
    #expect(
      fixes.map(\.timestamp) == ["2026-06-01T10:00:00Z", "2026-06-01T08:00:04.5Z"].map(Fixtures.instant))
    #expect(fixes.map(\.horizontalAccuracy) == [8, nil])
    let warnings = logs.messages(at: .warning)
    #expect(
      warnings.map { $0.firstMatch(of: /line (\d+)/).map { String($0.1) } ?? "?" } == [
        "2", "4", "5", "6", "7",
      ],
      "\(warnings)")
    #expect(warnings[0].contains("not valid JSON"))
    #expect(warnings[1].contains("latitude: 91.0 is outside"))
    #expect(warnings[2].contains("time: not an RFC 3339 date"))
    #expect(warnings[3].contains("speed: unknown key"))
    #expect(warnings[4].contains("accuracy: must not be negative"))
  }

  @Test func aLineLongerThanGPSDsIsSkippedWithoutBeingHeld() async throws {
    let pipe = Pipe()
    let logs = LogRecorder()
    let source = StdinSource(input: pipe.fileHandleForReading, logger: logs.logger())
    let fix = #"{"latitude":45.2735,"longitude":13.7141,"time":"2026-06-01T10:00:00Z"}"#
    // Written on a thread of its own: the pipe holds less than the long line.
    let writer = pipe.fileHandleForWriting
    Thread.detachNewThread {
      // A megabyte without a line break (as from /dev/zero), then a good line; the same at the end.
      writer.write(Data(repeating: UInt8(ascii: "x"), count: 1 << 20) + Data("\n\(fix)\n".utf8))
      writer.write(Data(repeating: UInt8(ascii: "y"), count: 1 << 20))
      try? writer.close()
    }
    var events: [LocationEvent] = []
    for await event in source.events() { events.append(event) }
    #expect(Self.fixes(events).map(\.timestamp) == [Fixtures.instant("2026-06-01T10:00:00Z")])
    #expect(
      logs.messages(at: .warning) == [
        "standard input, line 1: skipped: longer than 10240 characters",
        "standard input, line 3: skipped: longer than 10240 characters",
      ])
  }

  @Test func aGPXTrackIsReplayedOnItsOwnTimesCompressed() async throws {
    let start = Fixtures.instant("2020-12-18T06:15:50Z")
    let here = Fixtures.coordinate(45.2735, 13.7141)
    let fixes = [0.0, 10, 30].map { LocationFix(coordinate: here, timestamp: start + $0) }
    let source = GPXReplaySource(fixes: fixes, speed: 100, logger: LogRecorder().logger())
    let clock = ContinuousClock()
    let began = clock.now
    var arrivals: [Double] = []
    var events: [LocationEvent] = []
    for await event in source.events() {
      events.append(event)
      arrivals.append((clock.now - began).inSeconds)
    }
    // The fixes keep their recorded times; they come no sooner than 0.1 and 0.3 s after the start.
    // (No upper bound: on a loaded machine the test's own tasks may wait for a thread.)
    #expect(Self.fixes(events) == fixes)
    #expect(arrivals.count == 3)
    #expect(arrivals[1] >= 0.1 && arrivals[2] >= 0.3)
  }

  @Test func tappingAPlaceNotificationOpensAFreshMapOfItsRoute() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    // A stand-in for xdg-open that writes down what it was asked to open.
    let opened = directory.path("opened.txt")
    let script = directory.path("xdg-open")
    try Data("#!/bin/sh\nprintf '%s' \"$1\" > \(opened).part && mv \(opened).part \(opened)\n".utf8).write(
      to: URL(fileURLWithPath: script))
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
    let store = try SQLiteStore.inMemory()
    let origin = Fixtures.coordinate(45.2735, 13.71415)
    try store.importRoute(
      Fixtures.route("walk", name: "Wald & Wiese <Süd>", [("1", "Café \"Zur Post\"", origin)]))
    try store.startWalk(routeID: "walk", at: Date())
    let content = NotificationContent(
      title: "Ort erreicht", body: "Du bist bei Café.", categoryIdentifier: NotificationCategory.poi,
      userInfo: ["deepLink": MapDeepLink(routeID: "walk", spotID: "1").description])
    let notification = PlannedNotification(
      request: NotificationRequest(
        identifier: "spot_x_1", content: content, trigger: .timeInterval(seconds: 0)),
      fireDate: Date())
    let environment = ["PATH": directory.url.path, "XDG_RUNTIME_DIR": directory.url.path]
    // What the desktop's default action does with the notification it was given.
    let link = try #require(notification.content.userInfo["deepLink"].flatMap(MapDeepLink.init))
    let file = try MapOpener.open(
      link, store: store,
      logger: LogRecorder().logger(), environment: environment)
    // The opener runs without being waited for: wait for what it wrote (whole: it writes a
    // file of its own, then renames it).
    let deadline = Date().addingTimeInterval(60)
    while !FileManager.default.fileExists(atPath: opened), Date() < deadline {
      try await Task.sleep(for: .milliseconds(20))
    }
    #expect(try String(contentsOfFile: opened, encoding: .utf8) == file.path)
    #expect(file.path.hasPrefix(directory.url.appendingPathComponent("herald").path))
    let svg = try String(contentsOf: file, encoding: .utf8)
    #expect(svg.contains("<title>Wald &amp; Wiese &lt;Süd&gt;</title>"))
    #expect(svg.contains("1. Café &quot;Zur Post&quot;"))
    #expect(svg.contains(#"class="highlight""#))
    #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int == 0o600)
    // A route that is gone says so; no opener: a clear error.
    #expect(throws: FieldError("route gone", "no such route")) {
      try MapOpener.open(
        MapDeepLink(routeID: "gone"), store: store, logger: LogRecorder().logger(), environment: environment)
    }
    #expect(throws: EnvironmentError.self) {
      try MapOpener.open(
        MapDeepLink(routeID: "walk"), store: store, logger: LogRecorder().logger(),
        environment: ["PATH": "/nonexistent"])
    }
  }
}

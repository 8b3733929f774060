import Foundation
import HeraldContracts
import HeraldCore
import HeraldInterchange
import HeraldRuntime
import HeraldSQLite
import HeraldTestSupport
import Logging
import Testing

/// A tz database updated under a running daemon — a package upgrade gives a zone new rules —
/// moves its reminders at the next tick, without a restart, as a move to another zone does.
@Suite struct ZoneRulesChangeTests {
  let start = Fixtures.instant("2026-12-06T18:00:00Z")

  /// A database of its own in `directory`, whose files are looked at again on every request.
  func zones(_ directory: TemporaryDirectory) -> SystemZones {
    SystemZones(directory: directory.path("zoneinfo"), recheckInterval: 0)
  }

  @Test func theDaemonReplansWhenItsZonesFileGetsNewRules() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = directory.path("zoneinfo/America/Vancouver")
    // The rules Herald had: Pacific time, UTC−8 in December.
    try TZifFile.fixed(-28_800, "PST", footer: "PST8PDT,M3.2.0,M11.1.0").write(to: file)
    let database = zones(directory)
    let source = SystemTimeZoneSource(
      environment: { $0 == "TZ" ? "America/Vancouver" : nil }, localtimePath: directory.path("none"),
      timezonePath: directory.path("none"), zones: database)
    let store = try SQLiteStore.inMemory()
    _ = try store.addTask(id: "t1", title: "Steuer", due: Fixtures.instant("2026-12-10T21:00:00Z"))
    let clock = ManualClock(now: start)
    let recorder = DeliveryRecorder()
    let logs = LogRecorder()
    let daemon = ReminderDaemon(
      store: store, clock: clock, zones: source, sinks: [StdoutSink(write: recorder.write)],
      logger: logs.logger())
    try await daemon.start()
    #expect(await daemon.nextFireDate == Fixtures.instant("2026-12-10T17:00:00Z"))  // 09:00 at UTC−8

    // The package moves Vancouver to UTC−7 all year: the morning reminder is at 16:00Z now.
    try TZifFile.fixed(-25_200, "MST", footer: "MST7").write(to: file)
    clock.advance(by: 1)
    try await daemon.tick()
    #expect(await daemon.nextFireDate == Fixtures.instant("2026-12-10T16:00:00Z"))
    #expect(logs.messages.contains { $0.hasPrefix("time zone rules changed") })

    clock.advance(by: Fixtures.instant("2026-12-10T16:00:00Z").timeIntervalSince(clock.now()))
    try await daemon.tick()
    #expect(recorder.ids == ["due-date-morning-t1"])
    #expect(recorder.lines.last?["fireDate"] as? String == "2026-12-10T16:00:00Z")
  }

  /// A zone file that breaks under a running daemon keeps the rules it had, said once; the fix is
  /// said once too.
  @Test func aDamagedZoneFileKeepsTheLastRulesAndIsSaidOnce() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = directory.path("zoneinfo/Test/Zone")
    try TZifFile.fixed(3600, "CET", footer: "CET-1").write(to: file)
    let database = zones(directory)
    let source = SystemTimeZoneSource(
      environment: { $0 == "TZ" ? "Test/Zone" : nil }, localtimePath: directory.path("none"),
      timezonePath: directory.path("none"), zones: database)
    let store = try SQLiteStore.inMemory()
    _ = try store.addTask(id: "t1", title: "Report", due: Fixtures.instant("2026-12-08T12:00:00Z"))
    let clock = ManualClock(now: start)
    let logs = LogRecorder()
    let daemon = ReminderDaemon(store: store, clock: clock, zones: source, sinks: [], logger: logs.logger())
    try await daemon.start()
    #expect(await daemon.nextFireDate == Fixtures.instant("2026-12-08T08:00:00Z"))

    try Data("TZif2 cut short".utf8).write(to: URL(fileURLWithPath: file))
    for _ in 0..<3 {
      clock.advance(by: 1)
      try await daemon.tick()
    }
    #expect(await daemon.nextFireDate == Fixtures.instant("2026-12-08T08:00:00Z"))
    #expect(logs.messages.filter { $0.hasPrefix("time zone unreadable") }.count == 1)

    try TZifFile.fixed(3600, "CET", footer: "CET-1").write(to: file)
    clock.advance(by: 1)
    try await daemon.tick()
    #expect(logs.messages.filter { $0.hasPrefix("time zone readable again") }.count == 1)
  }
}

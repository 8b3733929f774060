import Foundation
import HeraldCalendars
import HeraldContracts
import HeraldCore
import HeraldInterchange
import HeraldRuntime
import HeraldSQLite
import HeraldTestSupport

/// Job `caldav` (only when named: it needs Radicale): a followed CalDAV calendar of 300 events read
/// again, as the daemon does every `--calendar-sync` seconds, against a real Radicale on loopback.
/// A read that finds nothing changed must cost one request (`sync-collection`) and ≤ 50 ms; the
/// requests are counted from the server's own log.
struct CalDAVSyncBenchmark {
  let events = 300
  let rounds = 21

  func run() async throws {
    let server = try await RadicaleServer()
    defer { server.remove() }
    guard try await server.request("MKCALENDAR", "/alice/focus/") == 201 else {
      throw RadicaleError("MKCALENDAR failed")
    }
    let start = (Date().timeIntervalSince1970 / 3600).rounded(.down) * 3600 + 3600
    func event(_ index: Int, shift: Double = 0) -> String {
      let begins = Date(timeIntervalSince1970: start + Double(index) * 3 * 3600 + shift)
      return """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//Herald benchmark//EN\r
        BEGIN:VEVENT\r
        UID:event-\(index)\r
        DTSTAMP:20261101T000000Z\r
        DTSTART:\(Self.utc(begins))\r
        DTEND:\(Self.utc(begins + 3600))\r
        SUMMARY:Block \(index)\r
        \(index % 10 == 0 ? "RRULE:FREQ=WEEKLY\r\n" : "")END:VEVENT\r
        END:VCALENDAR\r

        """
    }
    for index in 0..<events {
      let status = try await server.request(
        "PUT", "/alice/focus/\(index).ics", body: event(index), contentType: "text/calendar")
      guard status == 201 else { throw RadicaleError("PUT \(index).ics answered \(status)") }
    }
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try "secret\n".write(toFile: directory.path("password"), atomically: true, encoding: .utf8)
    let store = try SQLiteStore(path: directory.path("herald.sqlite"))
    let zone = BenchmarkFixtures.zone("Europe/Berlin")
    let clock = ContinuousClock()

    var began = clock.now
    let calendar = try await CalendarFollowing.add(
      source: server.url("/alice/focus/"), name: nil, username: "alice",
      passwordFile: directory.path("password"), store: store, now: Date(), timeZone: zone)
    let firstRead = began.duration(to: clock.now)
    let firstRequests = server.requests(by: "Herald").count

    var times: [Duration] = []
    var requestCounts: [Int] = []
    for _ in 0..<rounds {
      let before = server.requests(by: "Herald").count
      began = clock.now
      let current = try requireCalendar(store, calendar.id)
      let changed = try await CalendarSync.sync(current, store: store, now: Date(), timeZone: zone)
      times.append(began.duration(to: clock.now))
      guard !changed else { throw RadicaleError("a sync with nothing changed found a change") }
      requestCounts.append(server.requests(by: "Herald").count - before)
    }
    // One event moved by another client: the changed item is fetched, nothing else.
    guard
      try await server.request(
        "PUT", "/alice/focus/7.ics", body: event(7, shift: 1800), contentType: "text/calendar")
        < 300
    else { throw RadicaleError("the other client's PUT failed") }
    let before = server.requests(by: "Herald").count
    began = clock.now
    let changed = try await CalendarSync.sync(
      try requireCalendar(store, calendar.id), store: store, now: Date(), timeZone: zone)
    let changeTime = began.duration(to: clock.now)
    let changeRequests = server.requests(by: "Herald").suffix(from: before)

    let sorted = times.sorted()
    let median = sorted[sorted.count / 2]
    let milliseconds = { (duration: Duration) in
      String(
        format: "%.1f ms",
        Double(duration.components.attoseconds) / 1e15 + Double(duration.components.seconds) * 1e3)
    }
    let most = requestCounts.max() ?? 0
    print(
      """

      CalDAV sync against Radicale \(Self.radicaleVersion()) on loopback, \(events) events (every 10th weekly):
        first read (calendar add: PROPFIND ×2, calendar-query ×2): \(milliseconds(firstRead)), \(firstRequests) requests
        read again, nothing changed (\(rounds) rounds): median \(milliseconds(median)) (min \(milliseconds(sorted[0])), \
      max \(milliseconds(sorted[sorted.count - 1]))), at most \(most) request per round \
      (\(Set(server.requests(by: "Herald").suffix(1)).joined())) — target ≤ 1 request, ≤ 50 ms: \
      \(most <= 1 && median <= .milliseconds(50) ? "met" : "NOT MET")
        read after another client moved one event: \(milliseconds(changeTime)), \(changeRequests.count) requests \
      (\(changeRequests.joined(separator: ", "))), changed: \(changed)
      """)
  }

  static func utc(_ date: Date) -> String {
    RFC3339.utcString(date).replacingOccurrences(of: "-", with: "").replacingOccurrences(of: ":", with: "")
  }

  static func radicaleVersion() -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/radicale")
    process.arguments = ["--version"]
    let pipe = Pipe()
    process.standardOutput = pipe
    guard (try? process.start()) != nil else { return "?" }
    process.waitUntilExit()
    return String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }
}

/// The calendar `id` as the store has it now (its sync token moves on with each read).
private func requireCalendar(_ store: SQLiteStore, _ id: String) throws -> FollowedCalendar {
  guard let calendar = try store.calendars().first(where: { $0.id == id }) else {
    throw RadicaleError("calendar \(id) is gone")
  }
  return calendar
}

import Foundation
import HeraldCore
import HeraldInterchange
import HeraldPostgres
import HeraldTestSupport
import Testing

/// A running `herald worker` follows an update of the system's tz database: the users of a zone
/// whose rules changed are replanned, without a restart, and their pending deliveries move.
@Suite(.enabled(if: TestDatabase.enabled, TestDatabase.skipReason))
struct WorkerZoneRulesTests {
  @Test func aWorkerReplansTheUsersOfAZoneWhoseRulesChange() async throws {
    try await TestDatabase.withDatabase { url in
      let directory = try TemporaryDirectory()
      defer { directory.remove() }
      // The database of the herald processes (this test's own reads the system's).
      let file = directory.path("zoneinfo/America/Vancouver")
      try TZifFile.fixed(-28_800, "PST", footer: "PST8").write(to: file)
      let environment = ["TZDIR": directory.path("zoneinfo"), "TZ": "America/Vancouver"]
      func herald(_ arguments: [String]) throws {
        let result = try HeraldProcess.run(arguments, environment: environment)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
      }
      try herald(["user", "add", "ada", "--time-zone", "America/Vancouver", "--postgres", url.description])
      // Due at 21:00Z four days from now: the morning reminder is 09:00 in Vancouver that day.
      let day = String(RFC3339.utcString(Date().addingTimeInterval(4 * 86_400)).prefix(10))
      let scenario = try HeraldProcess.temporaryFile(
        #"{"timeZone":"America/Vancouver","tasks":[{"id":"t1","title":"Steuer","due":"\#(day)T21:00:00Z"}]}"#)
      try herald(["import", "--postgres", url.description, "--user", "ada", scenario])
      func morning() async throws -> String? {
        try await TestDatabase.column(
          url,
          """
          SELECT to_char(fire_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') FROM delivery
          WHERE request_id = 'due-date-morning-t1'
          """
        ).first ?? nil
      }
      #expect(try await morning() == "\(day)T17:00:00Z")  // 09:00 at UTC−8

      let worker = try StreamingProcess(
        ["worker", "--postgres", url.description, "--zone-check-interval", "0.2"], environment: environment)
      defer { worker.kill() }
      // The worker notes the rules the deliveries were planned with.
      try await Self.waitUntil("the worker notes Vancouver's rules") {
        try await TestDatabase.column(url, "SELECT time_zone FROM zone_rules") == ["America/Vancouver"]
      }
      #expect(try await morning() == "\(day)T17:00:00Z")

      // The package moves Vancouver to UTC−7 all year, under the running worker.
      try TZifFile.fixed(-25_200, "MST", footer: "MST7").write(to: file)
      try await Self.waitUntil("the morning reminder moves to 16:00Z") {
        try await morning() == "\(day)T16:00:00Z"
      }
      try await Self.waitUntil("the worker says the rules changed") {
        worker.standardError.contains { $0.text.contains("time zone rules changed") }
      }
      #expect(await worker.stop(within: 10) == 0)
    }
  }

  /// Looks at `condition` every 0.1 s for up to 20 s (a state the worker reaches, not a reminder's time).
  static func waitUntil(_ what: String, _ condition: () async throws -> Bool) async throws {
    let deadline = Date().addingTimeInterval(20)
    while Date() < deadline {
      if try await condition() { return }
      try await Task.sleep(for: .milliseconds(100))
    }
    Issue.record("not within 20 s: \(what)")
  }
}

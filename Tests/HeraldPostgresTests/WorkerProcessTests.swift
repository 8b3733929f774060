import Foundation
import HeraldCore
import HeraldInterchange
import HeraldPostgres
import HeraldTestSupport
import Testing

/// Two `herald worker` processes against one database deliver every reminder of 1 000 users to a
/// real receiver on loopback, each at its second, while one of them is SIGKILLed again and again:
/// nothing is lost, and a reminder reaches the receiver twice only when a kill caught it in flight
/// (then both copies carry the same `webhook-id`). Real time: the reminders fall due over 40 s.
///
/// A soak test: two worker processes, a thousand users and a minute of real time load a small
/// machine enough to starve suites running beside it, so it runs on its own, when
/// `HERALD_SOAK_TESTS=1` (`.ci/run` runs it after the other tests).
@Suite(
  .enabled(
    if: TestDatabase.enabled && ProcessInfo.processInfo.environment["HERALD_SOAK_TESTS"] == "1",
    "a soak test: set HERALD_SOAK_TESTS=1 and run it alone (swift test --filter WorkerProcessTests)"))
struct WorkerProcessTests {
  static let users = 1_000
  /// The reminders are spread over this many seconds, from a few seconds after the set-up.
  static let spread = 40

  @Test(.timeLimit(.minutes(4)))
  func twoWorkersKilledAgainAndAgainDeliverEveryReminderOfAThousandUsersOnce() async throws {
    try await TestDatabase.withDatabase { url in
      let directory = try TemporaryDirectory()
      defer { directory.remove() }
      let secretsFile = directory.path("secrets.json")
      let (firstFire, expected) = try await PostgresStore.withStore(url, logger: TestDatabase.logger) {
        store in
        try await Self.populate(store, secretsFile: secretsFile)
      }
      // The receiver knows every user's secret; every user's webhook is its URL.
      let receiver = try WebhookReceiver(secret: secretsFile)
      defer { receiver.stop() }
      try await TestDatabase.admin(url, "UPDATE herald_user SET webhook_url = '\(receiver.url)'")

      // The test server trusts loopback: the URL needs no password.
      let arguments = ["worker", "--postgres", url.description, "--lease", "3", "--verbose"]
      let steady = try StreamingProcess(arguments)
      var killed = try StreamingProcess(arguments)
      defer {
        steady.kill()
        killed.kill()
      }
      // Kill one worker every 7 s while the reminders fall due, restarting it a second later.
      var kills = 0
      let end = firstFire.addingTimeInterval(Double(Self.spread))
      while Date() < end.addingTimeInterval(-3) {
        try await Task.sleep(for: .seconds(7))
        killed.kill()
        _ = await killed.waitForExit()
        kills += 1
        try await Task.sleep(for: .seconds(1))
        killed = try StreamingProcess(arguments)
      }
      // Every reminder arrives (those the killed worker held, once their 3 s claims ran out).
      let requests = receiver.requests(count: expected.count, within: end.timeIntervalSinceNow + 90)
      if requests.count < expected.count {
        for (name, worker) in [("steady", steady), ("killed", killed)] {
          print(
            "\(name) worker's log:\n" + worker.standardError.suffix(15).map(\.text).joined(separator: "\n"))
        }
      }
      steady.terminate()
      killed.terminate()
      #expect(
        await steady.waitForExit() == 0, "SIGTERM ends a worker gracefully: \(steady.standardError.suffix(5))"
      )
      _ = await killed.waitForExit()

      let byID = Dictionary(grouping: requests, by: \.id)
      let missing = Set(expected.keys).subtracting(byID.keys)
      let unexpected = Set(byID.keys).subtracting(expected.keys)
      #expect(
        missing.isEmpty && unexpected.isEmpty,
        "\(missing.count) never arrived (\(missing.sorted().prefix(3))), \(unexpected.count) unexpected (\(unexpected.sorted().prefix(3)))"
      )
      #expect(requests.filter { !$0.valid }.isEmpty, "every signature checks out with that user's secret")
      let duplicates = byID.values.filter { $0.count > 1 }
      // At most what the killed worker had in flight: 16 at a time, per kill.
      #expect(duplicates.count <= kills * 16, "\(duplicates.count) duplicates after \(kills) kills")
      #expect(duplicates.filter { Set($0.map { $0.body["id"] }).count != 1 }.isEmpty)
      // Lateness of each reminder's first arrival.
      let lateness = byID.compactMap { id, copies -> Double? in
        guard let fire = expected[id] else { return nil }
        return (copies.map(\.at).min() ?? 0) - fire.timeIntervalSince1970
      }.sorted()
      let p50 = lateness[lateness.count / 2]
      let p99 = lateness[lateness.count * 99 / 100]
      print(
        """
        WorkerProcessTests: \(expected.count) reminders of \(Self.users) users, 2 workers, \(kills) kills; \
        \(duplicates.count) arrived twice; lateness p50 \(Int(p50 * 1000)) ms, p99 \(Int(p99 * 1000)) ms, \
        max \(Int((lateness.last ?? 0) * 1000)) ms
        """)
      #expect(p50 < 1, "at its second")
      #expect(lateness.first ?? -1 >= 0, "never early")
      let statuses = try await TestDatabase.column(
        url, "SELECT status || ' ' || count(*) FROM delivery GROUP BY status")
      #expect(statuses == ["delivered \(expected.count)"])
    }
  }

  /// Adds the users, each with one focus block whose reminder falls due in the coming seconds;
  /// writes each user's webhook secret to `secretsFile`. Returns the first fire instant and each
  /// reminder's `webhook-id` with its instant. The users are added first and the first instant is
  /// set from how long that took, so that the data written next is all in place before it (a
  /// block whose 5 minutes before have passed would be reminded at its start instead).
  static func populate(_ store: PostgresStore, secretsFile: String) async throws -> (Date, [String: Date]) {
    var secrets: [String: String] = [:]
    let started = Date()
    for index in 0..<users {
      let name = "user-\(index)"
      _ = try await store.addUser(
        name: name, timeZone: Fixtures.zone("Europe/Berlin"), language: .de,
        webhook: URL(string: "http://127.0.0.1:9/set-later"), at: Date())
      secrets[name] = try await store.user(named: name).webhookSecret.description
    }
    let adding = Date().timeIntervalSince(started)
    let firstFire = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 + 2 * adding + 5).rounded(.up))
    var expected: [String: Date] = [:]
    for index in 0..<users {
      let name = "user-\(index)"
      let fire = firstFire.addingTimeInterval(Double(index % spread))
      let block = FocusBlock(
        id: "b\(index)", title: "Block \(index)", start: fire.addingTimeInterval(300),
        end: fire.addingTimeInterval(3600))
      try await store.replaceData(
        ofUser: name, with: PlanningState(timeZone: Fixtures.zone("Europe/Berlin"), focusBlocks: [block]),
        now: Date())
      expected["\(name):focus-block-start-b\(index):\(RFC3339.utcStringWithMilliseconds(fire))"] = fire
    }
    guard Date() < firstFire else {
      throw PostgresTestError("setting up took past the first reminder (\(RFC3339.utcString(firstFire)))")
    }
    try JSONEncoder().encode(secrets).write(to: URL(fileURLWithPath: secretsFile))
    return (firstFire, expected)
  }
}

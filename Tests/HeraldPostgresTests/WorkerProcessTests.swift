import Foundation
import HeraldCore
import HeraldInterchange
import HeraldPostgres
import HeraldPostgresConnections
import HeraldTestSupport
import Testing

/// Two `herald worker` processes and one `herald serve` against one database deliver every
/// reminder of 1 000 users to a real receiver on loopback, each at its second, while one worker is
/// SIGKILLed again and again and 50 users delete a block and 50 others add one through the
/// server's HTTP API: nothing is lost, no deleted block's reminder arrives, and a reminder reaches
/// the receiver twice only when a kill caught it in flight (then both copies carry the same
/// `webhook-id`). Real time: the reminders fall due over 40 s.
///
/// A soak test: two worker processes, a server, a thousand users and a minute of real time load a
/// small machine enough to starve suites running beside it, so it runs on its own, when
/// `HERALD_SOAK_TESTS=1` (`.ci/run` runs it after the other tests).
@Suite(
  .enabled(
    if: TestDatabase.enabled && ProcessInfo.processInfo.environment["HERALD_SOAK_TESTS"] == "1",
    "a soak test: set HERALD_SOAK_TESTS=1 and run it alone (swift test --filter WorkerProcessTests)"))
struct WorkerProcessTests {
  static let users = 1_000
  /// The reminders are spread over this many seconds, from a few seconds after the set-up.
  static let spread = 40
  /// How many users delete their block, and how many others add one, through the server.
  static let changes = 50

  @Test(.timeLimit(.minutes(4)))
  func twoWorkersKilledAgainAndAgainDeliverEveryReminderOfAThousandUsersOnce() async throws {
    try await TestDatabase.withDatabase { url in
      let directory = try TemporaryDirectory()
      defer { directory.remove() }
      // The server first: the reminders' instants are set once everything before them is done.
      let (server, churn) = try await FocusBlockChurn.serve(url)
      defer { server.kill() }
      let secretsFile = directory.path("secrets.json")
      let (firstFire, original, tokens) = try await PostgresStore.withStore(
        url, logger: TestDatabase.logger
      ) { store in try await Self.populate(store, secretsFile: secretsFile) }
      // The receiver knows every user's secret; every user's webhook is its URL.
      let receiver = try WebhookReceiver(secret: secretsFile)
      defer { receiver.stop() }
      try await TestDatabase.admin(url, "UPDATE herald_user SET webhook_url = '\(receiver.url)'")

      // The test server trusts loopback: the URL needs no password.
      let arguments = [
        "worker", "--postgres", url.description, "--lease", "3", "--verbose",
      ]
      let steady = try StreamingProcess(arguments)
      var killed = try StreamingProcess(arguments)
      defer {
        steady.kill()
        killed.kill()
      }
      // From the first reminder on, one deletion and one addition every 0.3 s (~15 s): the
      // deleted blocks are reminded 27–39 s after the first reminder, the added ones ~8 s after
      // they are added; users 500… add (their own blocks stay reminded).
      let deletions = (27..<Self.spread).flatMap { second in
        (0..<4).map { round in
          let user = round * Self.spread + second
          return FocusBlockChurn.Deletion(
            user: user, token: tokens[user], block: "b\(user)",
            fire: firstFire.addingTimeInterval(Double(second)))
        }
      }.prefix(Self.changes)
      let additions = (500..<500 + Self.changes).map { (user: $0, token: tokens[$0]) }
      async let churned = churn.run(
        deletions: Array(deletions), additions: additions, from: firstFire, pace: 0.3)
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
      let outcome = try await churned
      #expect(outcome.problems.isEmpty, "\(outcome.problems.prefix(3))")
      var expected = original.filter {
        !outcome.deleted.contains($0.key) && !outcome.uncertain.contains($0.key)
      }
      expected.merge(outcome.added) { first, _ in first }

      // Every reminder arrives (those the killed worker held, once their 3 s claims ran out).
      let requests = receiver.requests(covering: Set(expected.keys), within: end.timeIntervalSinceNow + 90)
      let byID = Dictionary(grouping: requests, by: \.id)
      let missing = Set(expected.keys).subtracting(byID.keys)
      if !missing.isEmpty {
        for (name, worker) in [("steady", steady), ("killed", killed)] {
          print(
            "\(name) worker's log:\n" + worker.standardError.suffix(15).map(\.text).joined(separator: "\n"))
        }
      }
      // The receiver prints a request before it answers, and the worker records it after: wait
      // for the records, as a stopped worker leaves what it has not recorded to the next one.
      if missing.isEmpty, outcome.uncertain.isEmpty {
        try await Self.waitForRecords(url, delivered: expected.count, within: 30)
      }
      steady.terminate()
      killed.terminate()
      #expect(
        await steady.waitForExit() == 0, "SIGTERM ends a worker gracefully: \(steady.standardError.suffix(5))"
      )
      _ = await killed.waitForExit()
      #expect(await server.stop(within: 15) == 0, "herald serve did not exit within 15 s of SIGTERM")

      let unexpected = Set(byID.keys).subtracting(expected.keys).subtracting(outcome.uncertain)
      #expect(
        missing.isEmpty && unexpected.isEmpty,
        "\(missing.count) never arrived (\(missing.sorted().prefix(3))), \(unexpected.count) unexpected (\(unexpected.sorted().prefix(3)))"
      )
      let deletedArrived = outcome.deleted.intersection(byID.keys)
      #expect(deletedArrived.isEmpty, "deleted blocks reminded: \(deletedArrived.sorted().prefix(3))")
      #expect(
        outcome.deleted.count >= Self.changes / 2 && outcome.added.count >= Self.changes / 2,
        "only \(outcome.deleted.count) deletions and \(outcome.added.count) additions answered in time")
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
      let addedLateness = outcome.added.compactMap { id, fire in
        byID[id].map { Int((($0.map(\.at).min() ?? 0) - fire.timeIntervalSince1970) * 1000) }
      }.max()
      // A user who adds a block after their first block's 5-minute reminder fired has that block
      // planned again: by the rule, at its start now, a row for later (which the worker will
      // skip then, the block's start having been announced: FocusBlockStartReminder.saidBefore).
      var later: Set<String> = []
      var maybeLater: Set<String> = []
      for (user, times) in outcome.additionTimes {
        let fire = firstFire.addingTimeInterval(Double(user % Self.spread))
        let id = FocusBlockChurn.webhookID(user: user, block: "b\(user)", fire: fire.addingTimeInterval(300))
        if times.lowerBound > fire {
          later.insert(id)
        } else if times.upperBound >= fire {
          maybeLater.insert(id)
        }
      }
      print(
        """
        WorkerProcessTests: \(expected.count) reminders of \(Self.users) users, 2 workers, \(kills) kills; \
        through serve \(outcome.deleted.count) blocks deleted, \(outcome.added.count) added \
        (\(outcome.uncertain.count) uncertain, \(outcome.skipped) skipped), \(later.count) moved to their \
        blocks' start for later; \
        \(duplicates.count) arrived twice; lateness p50 \(Int(p50 * 1000)) ms, p99 \(Int(p99 * 1000)) ms, \
        max \(Int((lateness.last ?? 0) * 1000)) ms (added blocks' max \(addedLateness ?? 0) ms)
        """)
      #expect(p50 < 1, "at its second")
      #expect(lateness.first ?? -1 >= 0, "never early")
      // An uncertain change may have left a row either way.
      if outcome.uncertain.isEmpty {
        #expect(try await TestDatabase.column(url, Self.dueStatuses) == ["delivered \(expected.count)"])
      }
      let pending = Set(
        try await TestDatabase.column(
          url,
          """
          SELECT u.name || ':' || d.request_id || ':' \
          || to_char(d.fire_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
          FROM delivery d JOIN herald_user u ON u.id = d.user_id WHERE d.fire_at > now()
          """
        ).compactMap { $0 })
      #expect(
        later.isSubset(of: pending) && pending.isSubset(of: later.union(maybeLater)),
        "rows for later: \(pending.sorted().prefix(3)), expected \(later.sorted().prefix(3))")
    }
  }

  /// How many deliveries due by now the database holds in each status.
  static let dueStatuses =
    "SELECT status || ' ' || count(*) FROM delivery WHERE fire_at <= now() GROUP BY status"

  /// Waits until the database records `delivered` deliveries due by now and nothing else due, or
  /// `seconds` pass.
  static func waitForRecords(_ url: PostgresURL, delivered: Int, within seconds: Double) async throws {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if try await TestDatabase.column(url, dueStatuses) == ["delivered \(delivered)"] { return }
      try await Task.sleep(for: .milliseconds(200))
    }
  }

  /// Adds the users, each with one focus block whose reminder falls due in the coming seconds;
  /// writes each user's webhook secret to `secretsFile`. Returns the first fire instant, each
  /// reminder's `webhook-id` with its instant, and each user's API token (by index). The users are
  /// added first and the first instant is set from how long that took, so that the data written
  /// next is all in place before it (a block whose 5 minutes before have passed would be reminded
  /// at its start instead).
  static func populate(_ store: PostgresStore, secretsFile: String) async throws
    -> (Date, [String: Date], [String])
  {
    var secrets: [String: String] = [:]
    var tokens: [String] = []
    let started = Date()
    for index in 0..<users {
      let name = "user-\(index)"
      let token = try await store.addUser(
        name: name, timeZone: Fixtures.zone("Europe/Berlin"), language: .de,
        webhook: URL(string: "http://127.0.0.1:9/set-later"), at: Date())
      tokens.append(token)
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
      expected[FocusBlockChurn.webhookID(user: index, block: "b\(index)", fire: fire)] = fire
    }
    guard Date() < firstFire else {
      throw PostgresTestError("setting up took past the first reminder (\(RFC3339.utcString(firstFire)))")
    }
    try JSONEncoder().encode(secrets).write(to: URL(fileURLWithPath: secretsFile))
    return (firstFire, expected, tokens)
  }
}

import Foundation
import HeraldCore
import HeraldInterchange
import HeraldPostgres
import HeraldPostgresConnections
import HeraldRuntime
import HeraldTestSupport
import HeraldWebhooks
import HeraldWorker
import Testing

/// `herald worker`'s delivery against a real PostgreSQL and a real webhook receiver, time driven
/// by a manual clock: on time and signed (checked by the receiver with Python's hmac), retried with
/// the same `webhook-id`, failed after the last try, a dead worker's claim taken over when its
/// lease ends, late or missed after a time with no worker, and the movement chain rolling on.
@Suite(.enabled(if: TestDatabase.enabled, TestDatabase.skipReason))
struct DeliveryWorkerTests {
  static let start = Fixtures.instant("2026-11-23T07:00:00Z")  // a Monday, 08:00 in Berlin
  /// Deep Work's reminder: 5 minutes before 09:00 in Berlin.
  static let fireDate = Fixtures.instant("2026-11-23T07:55:00Z")

  static let scenario = """
    {
      "timeZone": "Europe/Berlin", "locale": "de",
      "focusBlocks": [
        {"id": "b1", "title": "Deep <Work> & \\"Fokus\\"", "start": "2026-11-23T09:00:00+01:00",
         "end": "2026-11-23T10:30:00+01:00"}
      ]
    }
    """

  /// A store on a fresh database with the user `ada` posting to a receiver answering `statuses`,
  /// her data `scenario`, and a worker on a manual clock at `start`.
  func withWorker(
    statuses: [Int] = [204], scenario: String = Self.scenario,
    configuration: WorkerConfiguration = WorkerConfiguration(),
    _ body:
      @Sendable (DeliveryWorker, ManualClock, WebhookReceiver, PostgresStore, PostgresURL) async throws ->
      Void
  ) async throws {
    try await TestDatabase.withDatabase { url in
      try await PostgresStore.withStore(url, logger: TestDatabase.logger) { store in
        _ = try await store.addUser(
          name: "ada", timeZone: .utc, language: .de, webhook: URL(string: "http://127.0.0.1:9/unused"),
          at: Self.start)
        let secret = try await store.user(named: "ada").webhookSecret.description
        let receiver = try WebhookReceiver(secret: secret, statuses: statuses)
        defer { receiver.stop() }
        try await TestDatabase.admin(url, "UPDATE herald_user SET webhook_url = '\(receiver.url)'")
        try await store.replaceData(
          ofUser: "ada", with: ScenarioDocument.decode(Data(scenario.utf8)), now: Self.start)
        let clock = ManualClock(now: Self.start)
        let poster = HTTPWebhookPoster()
        let worker = DeliveryWorker(
          store: store, clock: clock, poster: poster, configuration: configuration,
          logger: TestDatabase.logger)
        do {
          try await body(worker, clock, receiver, store, url)
        } catch {
          await poster.shutdown()
          throw error
        }
        await poster.shutdown()
      }
    }
  }

  static func statuses(_ url: PostgresURL) async throws -> [String] {
    try await TestDatabase.column(
      url, "SELECT request_id || ' ' || status FROM delivery ORDER BY fire_at, request_id"
    )
    .compactMap { $0 }
  }

  @Test func aDueReminderIsPostedOnceSignedAtItsSecond() async throws {
    try await withWorker { worker, clock, receiver, _, url in
      #expect(try await worker.deliverDue() == 0)
      clock.advance(by: Self.fireDate.timeIntervalSince(Self.start) - 1)
      #expect(try await worker.deliverDue() == 0, "not a second early")
      clock.advance(by: 1)
      #expect(try await worker.deliverDue() == 1)
      #expect(try await worker.deliverDue() == 0, "and once")
      let requests = receiver.requests(count: 1)
      try #require(requests.count == 1)
      let request = requests[0]
      #expect(request.valid, "the receiver's own HMAC agrees with the signature")
      #expect(request.type == "application/json")
      #expect(request.id == "ada:focus-block-start-b1:2026-11-23T07:55:00.000Z")
      #expect(request.timestamp == String(Int(Self.fireDate.timeIntervalSince1970)))
      #expect(request.body["user"] == .string("ada"))
      #expect(request.body["id"] == .string("focus-block-start-b1"))
      #expect(request.body["deliveredAt"] == .string("2026-11-23T07:55:00.000Z"))
      #expect(request.body["late"] == .bool(false))
      // The title exactly as typed: JSON escapes it, nothing else changes it.
      #expect(request.body["body"] == .string("Deep <Work> & \"Fokus\" beginnt in 5 Minuten"))
      #expect(try await Self.statuses(url) == ["focus-block-start-b1 delivered"])
    }
  }

  /// Tried again with back-off while the reminder has a point: here a grace window of 5 s leaves
  /// room for three tries (at 0 s, about 1 s and about 3 s); the next would come after it ends.
  @Test func aFailingReceiverIsRetriedWithTheSameIDThenTheDeliveryFails() async throws {
    let configuration = WorkerConfiguration(delivery: DeliveryPolicy(graceWindow: 5))
    try await withWorker(statuses: [500], configuration: configuration) {
      (worker, clock, receiver, _, url) async throws in
      clock.advance(by: Self.fireDate.timeIntervalSince(Self.start))
      #expect(try await worker.deliverDue() == 1)
      #expect(try await Self.statuses(url) == ["focus-block-start-b1 pending"])
      // Back-off: 1 s, then 2 s.
      clock.advance(by: 0.5)
      #expect(try await worker.deliverDue() == 0)
      clock.advance(by: 0.5)
      #expect(try await worker.deliverDue() == 1)
      clock.advance(by: 2)
      #expect(try await worker.deliverDue() == 1)
      clock.advance(by: 60)
      #expect(try await worker.deliverDue() == 0, "no fourth try")
      let requests = receiver.requests(count: 3)
      #expect(requests.count == 3)
      #expect(Set(requests.map(\.id)) == ["ada:focus-block-start-b1:2026-11-23T07:55:00.000Z"])
      #expect(requests.map(\.valid) == [true, true, true], "each signature checks out")
      #expect(try await Self.statuses(url) == ["focus-block-start-b1 failed"])
      #expect(
        try await TestDatabase.column(url, "SELECT last_error FROM delivery")
          == ["answered HTTP 500"])
    }
  }

  /// SIGTERM (`WorkerService` calls `stop()`): a delivery in flight is finished and recorded, not
  /// left claimed for another worker to send again when the lease ends.
  @Test(.timeLimit(.minutes(1)))
  func aStoppedWorkerRecordsTheDeliveryItHadInFlight() async throws {
    try await TestDatabase.withDatabase { url in
      try await PostgresStore.withStore(url, logger: TestDatabase.logger) { store in
        _ = try await store.addUser(
          name: "ada", timeZone: .utc, language: .de, webhook: URL(string: "http://127.0.0.1:9/held"),
          at: Self.start)
        try await store.replaceData(
          ofUser: "ada", with: ScenarioDocument.decode(Data(Self.scenario.utf8)), now: Self.start)
        let poster = GatedPoster()
        let worker = DeliveryWorker(
          store: store, clock: ManualClock(now: Self.fireDate), poster: poster, logger: TestDatabase.logger)
        let running = Task { try await worker.run() }
        while poster.started == 0 { try await Task.sleep(for: .milliseconds(5)) }
        worker.stop()
        poster.open()
        try await running.value
        #expect(poster.started == 1)
        #expect(try await Self.statuses(url) == ["focus-block-start-b1 delivered"])
      }
    }
  }

  /// A worker reads a batch's users together; one whose stored data is damaged (a zone no longer
  /// known) must not hold up the others' reminders due in the same batch.
  @Test func aUserWhoseDataCannotBeReadDoesNotHoldUpTheOthers() async throws {
    try await withWorker { worker, clock, receiver, store, url in
      _ = try await store.addUser(
        name: "bea", timeZone: .utc, language: .de, webhook: receiver.url, at: Self.start)
      try await store.replaceData(
        ofUser: "bea", with: ScenarioDocument.decode(Data(Self.scenario.utf8)), now: Self.start)
      try await TestDatabase.admin(
        url, "UPDATE herald_user SET time_zone = 'Mars/Olympus' WHERE name = 'bea'")
      clock.advance(by: Self.fireDate.timeIntervalSince(Self.start))
      #expect(try await worker.deliverDue() == 2)
      #expect(receiver.requests(count: 1).map(\.id) == ["ada:focus-block-start-b1:2026-11-23T07:55:00.000Z"])
      #expect(
        try await TestDatabase.column(
          url,
          """
          SELECT u.name || ' ' || d.status FROM delivery d JOIN herald_user u ON u.id = d.user_id
          ORDER BY u.name
          """) == ["ada delivered", "bea pending"])
    }
  }

  @Test func aDeadWorkersClaimIsTakenOverWhenItsLeaseEnds() async throws {
    try await withWorker { worker, clock, receiver, store, url in
      clock.advance(by: Self.fireDate.timeIntervalSince(Self.start))
      // Another worker claims the row and dies before it finishes.
      let claimed = try await store.claim(now: clock.now(), limit: 10, lease: 30)
      #expect(claimed.count == 1)
      #expect(try await worker.deliverDue() == 0, "the lease holds it")
      clock.advance(by: 29.9)
      #expect(try await worker.deliverDue() == 0)
      #expect(try await store.nextWake(after: clock.now()) == Self.fireDate.addingTimeInterval(30))
      clock.advance(by: 0.1)
      #expect(try await worker.deliverDue() == 1)
      let requests = receiver.requests(count: 1)
      #expect(requests.count == 1)
      #expect(requests.first?.body["late"] == .bool(true), "delivered 30 s after its time")
      #expect(try await Self.statuses(url) == ["focus-block-start-b1 delivered"])
    }
  }

  @Test(arguments: [
    (hours: 1.0, status: "delivered", requests: 1), (hours: 13, status: "missed", requests: 0),
  ])
  func aReminderDueWhileNoWorkerRanIsLateOrMissed(hours: Double, status: String, requests: Int) async throws {
    try await withWorker { (worker, clock, receiver, _, url) async throws in
      clock.advance(by: Self.fireDate.timeIntervalSince(Self.start) + hours * 3600)
      #expect(try await worker.deliverDue() == 1)
      #expect(try await Self.statuses(url) == ["focus-block-start-b1 \(status)"])
      let received = receiver.requests(count: requests)
      #expect(received.count == requests)
      if let request = received.first { #expect(request.body["late"] == .bool(true)) }
    }
  }

  static let movement = """
    {
      "timeZone": "UTC", "locale": "en", "settings": {"progressReportEnabled": false},
      "movement": {"days": {"monday": {"timeBlocks": [
        {"start": "09:00", "end": "10:00", "style": "gentle", "intervalMinutes": 20}]}}}
    }
    """

  @Test func theMovementChainRollsOnAsEachReminderIsDelivered() async throws {
    try await withWorker(scenario: Self.movement) { worker, clock, receiver, _, url in
      // One regular reminder at a time: the next is planned when this one has come due.
      #expect(try await Self.statuses(url) == ["exercise-reminder pending"])
      clock.advance(by: 2 * 3600 + 20 * 60)  // 09:20 UTC
      #expect(try await worker.deliverDue() == 1)
      let rows = try await TestDatabase.column(
        url,
        "SELECT request_id || ' ' || to_char(fire_at AT TIME ZONE 'UTC', 'HH24:MI') || ' ' || status FROM delivery ORDER BY fire_at"
      ).compactMap { $0 }
      #expect(rows.first == "exercise-reminder 09:20 delivered")
      #expect(rows.contains("exercise-reminder 09:40 pending"), "\(rows)")
      #expect(receiver.requests(count: 1).first?.body["id"] == .string("exercise-reminder"))
    }
  }
}

/// The worker's wait: it sleeps until the earliest pending row — no polling — and a NOTIFY from
/// the process that queued an earlier row wakes it to sleep until that one instead.
@Suite(.enabled(if: TestDatabase.enabled, TestDatabase.skipReason))
struct WorkerWakeTests {
  @Test(.timeLimit(.minutes(4)))
  func theWorkerSleepsUntilTheEarliestRowAndAnEarlierOneWakesIt() async throws {
    let configuration = WorkerConfiguration(maximumIdle: 86_400)
    try await DeliveryWorkerTests().withWorker(configuration: configuration) {
      worker, clock, receiver, store, url in
      let running = Task { try await worker.run() }
      defer { running.cancel() }
      // Idle until 07:55, Deep Work's reminder (less the moment it claims ahead), once it listens
      // for NOTIFY.
      let ahead = configuration.lookahead
      try await Self.until(
        "the first sleep",
        { clock.sleeperDeadlines == [DeliveryWorkerTests.fireDate.addingTimeInterval(-ahead)] }
      ) {
        "\(clock.sleeperDeadlines)"
      }
      // This database's sessions only: other suites' workers listen on the same server meanwhile.
      let listening =
        "SELECT query FROM pg_stat_activity WHERE query LIKE 'LISTEN%' AND datname = current_database()"
      try await Self.until("LISTEN", { try await TestDatabase.column(url, listening).count == 1 }) {
        "\(try await TestDatabase.column(url, "SELECT query FROM pg_stat_activity"))"
      }
      // A block at 08:30 Berlin queues a reminder at 08:25 Berlin (07:25Z), earlier than every
      // pending one: the import's NOTIFY wakes the worker, which now sleeps until then.
      var state = try ScenarioDocument.decode(Data(DeliveryWorkerTests.scenario.utf8))
      state.focusBlocks.append(
        FocusBlock(
          id: "b0", title: "Early", start: Fixtures.instant("2026-11-23T07:30:00Z"),
          end: Fixtures.instant("2026-11-23T07:45:00Z")))
      try await store.replaceData(ofUser: "ada", with: state, now: clock.now())
      let early = Fixtures.instant("2026-11-23T07:25:00Z")
      try await Self.until(
        "the earlier sleep", { clock.sleeperDeadlines == [early.addingTimeInterval(-ahead)] }
      ) {
        "\(clock.sleeperDeadlines)"
      }
      clock.advance(by: early.timeIntervalSince(clock.now()))
      // An event to wait for, not a time: generous, for a machine running every suite at once.
      let requests = receiver.requests(count: 1, within: 60)
      #expect(requests.map(\.id) == ["ada:focus-block-start-b0:2026-11-23T07:25:00.000Z"])
      // And back to sleep until the next.
      try await Self.until(
        "the next sleep",
        { clock.sleeperDeadlines == [DeliveryWorkerTests.fireDate.addingTimeInterval(-ahead)] }
      ) {
        "\(clock.sleeperDeadlines)"
      }
      running.cancel()
      try await running.value
    }
  }

  /// Waits (yielding, 60 s at most: a loaded machine) until `condition` holds: an event, not a
  /// reminder's time.
  static func until(
    _ what: String, _ condition: () async throws -> Bool, state: () async throws -> String = { "" }
  ) async throws {
    let deadline = ContinuousClock.now + .seconds(60)
    while try await !condition() {
      guard ContinuousClock.now < deadline else {
        throw PostgresTestError("timed out waiting for \(what) \(try await state())")
      }
      try await Task.sleep(for: .milliseconds(10))
    }
  }
}

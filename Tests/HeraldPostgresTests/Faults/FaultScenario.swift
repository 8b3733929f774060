import Foundation
import HeraldCore
import HeraldInterchange
import HeraldPostgres
import HeraldTestSupport
import Testing

/// What every fault test sets up, as an operator would run it: a PostgreSQL server of its own,
/// users whose focus-block reminders fall due over the coming seconds, a receiver for their
/// webhooks, and two `herald worker` processes (the second on one thread). Then the test breaks
/// something, and `verify` checks that every reminder was delivered, none failed, nothing arrived
/// twice (unless allowed), and every worker ends on SIGTERM within its grace time.
struct FaultScenario {
  let postgres: OwnPostgres
  let receiver: FaultReceiver
  /// Each reminder's `webhook-id`, with its instant.
  let expected: [String: Date]
  let firstFire: Date
  let lastFire: Date
  var workers: [StreamingProcess]

  /// Reminders of `users` users, `perUser` each, spread evenly over `spread` seconds from a few
  /// seconds after the set-up; user `user-0` posts to `separate` instead, when given.
  static func start(
    users: Int = 20, perUser: Int = 12, spread: Double = 60, separate: URL? = nil, workers: Int = 2,
    arguments: [String] = []
  ) async throws -> FaultScenario {
    let postgres = try OwnPostgres()
    let receiver = try FaultReceiver()
    let (firstFire, expected) = try await PostgresStore.withStore(postgres.url, logger: TestDatabase.logger) {
      store in
      for index in 0..<users {
        _ = try await store.addUser(
          name: "user-\(index)", timeZone: Fixtures.zone("Europe/Berlin"), language: .de,
          webhook: index == 0 ? separate ?? receiver.url : receiver.url, at: Date())
      }
      let firstFire = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 + 4).rounded(.up))
      let step = spread / Double(users * perUser)
      var expected: [String: Date] = [:]
      for index in 0..<users {
        var blocks: [FocusBlock] = []
        for block in 0..<perUser {
          let fire = firstFire.addingTimeInterval(Double(block * users + index) * step)
          blocks.append(
            FocusBlock(
              id: "b\(block)", title: "Block \(block) of user \(index)", start: fire.addingTimeInterval(300),
              end: fire.addingTimeInterval(3600)))
          expected[
            StandardWebhookID.of(user: "user-\(index)", requestID: "focus-block-start-b\(block)", fire: fire)] =
            fire
        }
        try await store.replaceData(
          ofUser: "user-\(index)",
          with: PlanningState(timeZone: Fixtures.zone("Europe/Berlin"), focusBlocks: blocks), now: Date())
      }
      guard Date() < firstFire else { throw PostgresTestError("setting up took past the first reminder") }
      return (firstFire, expected)
    }
    var scenario = FaultScenario(
      postgres: postgres, receiver: receiver, expected: expected, firstFire: firstFire,
      lastFire: expected.values.max() ?? firstFire, workers: [])
    // The second runs on one thread, as one worker per core would (`--threads 1`): each fault
    // meets both ways of running a worker.
    for index in 0..<workers {
      scenario.workers.append(
        try scenario.startWorker(index == 1 ? ["--threads", "1"] + arguments : arguments))
    }
    return scenario
  }

  func startWorker(_ arguments: [String] = []) throws -> StreamingProcess {
    try StreamingProcess(
      ["worker", "--postgres", postgres.url.description] + arguments)
  }

  /// Every reminder answered by the receiver within `seconds` after the last one's instant, each
  /// recorded as delivered (none failed or pending); at most `duplicates` answered twice; every
  /// worker ends within 20 s of SIGTERM. Returns the answered requests' lateness in seconds,
  /// sorted, and prints a summary headed `name`.
  @discardableResult
  func verify(_ name: String, within seconds: Double, duplicates allowed: Int = 0) async throws -> [Double] {
    let answered = receiver.answered(
      covering: Set(expected.keys), within: lastFire.timeIntervalSinceNow + seconds)
    let byID = Dictionary(grouping: answered, by: \.id)
    let missing = Set(expected.keys).subtracting(byID.keys)
    if !missing.isEmpty {
      for (index, worker) in workers.enumerated() {
        print(
          "\(name): worker \(index)'s log:\n"
            + worker.standardError.suffix(20).map(\.text).joined(separator: "\n"))
      }
    }
    #expect(
      missing.isEmpty,
      "\(name): \(missing.count) of \(expected.count) never answered: \(missing.sorted().prefix(3))")
    let twice = byID.values.filter { $0.count > 1 }.count
    #expect(twice <= allowed, "\(name): \(twice) reminders answered twice")
    // The records follow the answers: give the workers a moment to write them.
    var statuses: [String] = []
    for _ in 0..<100 {
      statuses = try await column("SELECT status || ' ' || count(*) FROM delivery GROUP BY status ORDER BY 1")
      if statuses == ["delivered \(expected.count)"] { break }
      try await Task.sleep(for: .milliseconds(200))
    }
    #expect(statuses == ["delivered \(expected.count)"], "\(name): \(statuses)")
    for (index, worker) in workers.enumerated() {
      let status = await worker.stop(within: 20)
      #expect(status == 0, "\(name): worker \(index) did not end on SIGTERM within 20 s (\(status))")
    }
    let lateness = byID.compactMap { id, copies -> Double? in
      expected[id].map { (copies.map(\.at).min() ?? 0) - $0.timeIntervalSince1970 }
    }.sorted()
    #expect((lateness.first ?? 0) >= 0, "\(name): a reminder came early")
    return lateness
  }

  /// One column of a query on the test's server, as text.
  func column(_ sql: String) async throws -> [String] {
    try await TestDatabase.column(postgres.url, sql).compactMap { $0 }
  }

  func end() {
    for worker in workers { worker.kill() }
    receiver.stop()
    postgres.remove()
  }

  /// The log lines of every worker that contain `text`.
  func logLines(containing text: String) -> [String] {
    workers.flatMap { $0.standardError.map(\.text).filter { $0.contains(text) } }
  }
}

/// The `webhook-id` a worker gives a reminder (`contracts/server.md`), written out here rather
/// than taken from the worker's code.
enum StandardWebhookID {
  static func of(user: String, requestID: String, fire: Date) -> String {
    "\(user):\(requestID):\(RFC3339.utcStringWithMilliseconds(fire))"
  }
}

extension [Double] {
  /// The `p`-th percentile (0–100) of sorted values.
  func percentile(_ p: Int) -> Double {
    isEmpty ? 0 : self[Swift.min(count - 1, count * p / 100)]
  }
}

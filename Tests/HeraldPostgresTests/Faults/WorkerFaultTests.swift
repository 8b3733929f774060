import Foundation
import HeraldCore
import HeraldInterchange
import HeraldPostgres
import HeraldTestSupport
import Testing

/// The many-user engine under the faults a production day brings, each made for real: the
/// PostgreSQL server crashed (`pg_ctl stop -m immediate`) and started again, a receiver refusing
/// connections, a receiver accepting them and never answering, one user's receiver hanging while
/// others' reminders fall due, a worker frozen (SIGSTOP) past its lease. Two `herald worker`
/// processes deliver 240 reminders of 20 users over a minute; after each fault every reminder is
/// delivered, none failed, none twice, and every worker ends on SIGTERM.
///
/// Minutes of real time each, on a server of their own: they run when `HERALD_FAULT_TESTS=1`,
/// alone (`.ci/run` runs them after the other tests).
@Suite(
  .serialized,
  .enabled(
    if: ProcessInfo.processInfo.environment["HERALD_FAULT_TESTS"] == "1",
    "fault tests: set HERALD_FAULT_TESTS=1 and run them alone (swift test --filter FaultTests)"))
struct WorkerFaultTests {
  @Test(.timeLimit(.minutes(5)), arguments: [10.0, 90.0])
  func theDatabaseCrashesAndComesBack(outage: Double) async throws {
    let scenario = try await FaultScenario.start()
    defer { scenario.end() }
    try await Task.sleep(until: scenario.firstFire.addingTimeInterval(10))
    try scenario.postgres.crash()
    let crashed = Date()
    try await Task.sleep(for: .seconds(outage))
    try scenario.postgres.start()
    let back = Date()
    // The workers answer within a couple of seconds: the first delivery recorded after the restart.
    var recovered: Double?
    while recovered == nil, Date().timeIntervalSince(back) < 30 {
      let after = scenario.receiver.requests.filter { $0.answered && $0.at > back.timeIntervalSince1970 }
      if let first = after.map(\.at).min() { recovered = first - back.timeIntervalSince1970 }
      try await Task.sleep(for: .milliseconds(50))
    }
    let lateness = try await scenario.verify("database down \(Int(outage)) s", within: 60)
    let lost = scenario.logLines(containing: "the database is unreachable")
    let found = scenario.logLines(containing: "the database answers again")
    print(
      """
      WorkerFaultTests: database crashed for \(Int(outage)) s at \(RFC3339.utcString(crashed)); first delivery \
      \(recovered.map { String(format: "%.2f", $0) } ?? "none") s after it was back; lateness p50 \
      \(Int(lateness.percentile(50) * 1000)) ms, max \(Int((lateness.last ?? 0) * 1000)) ms; log: \(lost.first ?? "-") / \
      \(found.first ?? "-")
      """)
    #expect((recovered ?? 99) <= 3, "delivering again within 3 s of the database's return")
    #expect(
      lost.count == 2 && found.count == 2,
      "each worker says the outage once and its end once: \(lost) \(found)")
    // What a crashed server does to a connection, said plainly: closed, reset (it went while a
    // worker was writing), refused or shut down — never a Swift type's description.
    let plainCauses = ["refused", "closed", "reset", "shut"]
    #expect(lost.allSatisfy { line in plainCauses.contains { line.contains($0) } }, "\(lost)")
  }

  @Test(.timeLimit(.minutes(4)))
  func aReceiverRefusesConnectionsForAMinute() async throws {
    let scenario = try await FaultScenario.start()
    defer { scenario.end() }
    try await Task.sleep(until: scenario.firstFire.addingTimeInterval(5))
    scenario.receiver.command("refuse")
    try await Task.sleep(for: .seconds(60))
    scenario.receiver.command("listen")
    let back = Date()
    let lateness = try await scenario.verify("receiver refusing 60 s", within: 90)
    let failing = scenario.logLines(containing: "webhook fails")
    print(
      """
      WorkerFaultTests: receiver refused for 60 s; all delivered \
      \(String(format: "%.1f", Date().timeIntervalSince(back))) s after it listened again at the latest; \
      lateness max \(Int((lateness.last ?? 0) * 1000)) ms; \(failing.count) log lines saying a webhook fails
      """)
    #expect(failing.count <= 2 * 20, "once per user and worker at most, not once per try")
  }

  @Test(.timeLimit(.minutes(4)))
  func aReceiverAcceptsAndNeverAnswersForHalfAMinute() async throws {
    let scenario = try await FaultScenario.start()
    defer { scenario.end() }
    try await Task.sleep(until: scenario.firstFire.addingTimeInterval(5))
    scenario.receiver.command("hang")
    try await Task.sleep(for: .seconds(30))
    scenario.receiver.command("answer")
    let lateness = try await scenario.verify("receiver hanging 30 s", within: 90)
    let hung = scenario.receiver.requests.filter { !$0.answered }.count
    print(
      """
      WorkerFaultTests: receiver hung for 30 s (\(hung) requests left unanswered, each retried); lateness \
      max \(Int((lateness.last ?? 0) * 1000)) ms
      """)
  }

  @Test(.timeLimit(.minutes(4)))
  func oneUsersHangingReceiverDoesNotDelayTheOthers() async throws {
    let tarpit = try FaultReceiver()
    defer { tarpit.stop() }
    tarpit.command("hang")
    let scenario = try await FaultScenario.start(separate: tarpit.url)
    defer { scenario.end() }
    // user-0's reminders go to a receiver that never answers: they stay pending (retried) while
    // everyone else's are delivered at their second.
    let others = scenario.expected.filter { !$0.key.hasPrefix("user-0:") }
    let answered = scenario.receiver.answered(
      covering: Set(others.keys), within: scenario.lastFire.timeIntervalSinceNow + 30)
    let lateness = Dictionary(grouping: answered, by: \.id).compactMap { id, copies in
      others[id].map { (copies.map(\.at).min() ?? 0) - $0.timeIntervalSince1970 }
    }.sorted()
    #expect(
      lateness.count == others.count, "\(others.count - lateness.count) of the others' reminders never came")
    print(
      """
      WorkerFaultTests: one user's receiver hangs; the others' \(lateness.count) reminders: lateness p50 \
      \(Int(lateness.percentile(50) * 1000)) ms, p99 \(Int(lateness.percentile(99) * 1000)) ms; the hanging \
      user's requests: \(tarpit.requests.count)
      """)
    #expect(lateness.percentile(99) <= 0.1, "p99 lateness of the others within 100 ms")
    // Then the tarpit answers: the hanging user's reminders arrive too, late.
    tarpit.command("answer")
    let own = scenario.expected.filter { $0.key.hasPrefix("user-0:") }
    let theirs = tarpit.answered(covering: Set(own.keys), within: 120)
    #expect(Set(theirs.map(\.id)) == Set(own.keys), "the hanging user's reminders arrive once it answers")
    for worker in scenario.workers { #expect(await worker.stop(within: 20) == 0) }
  }

  /// A worker frozen (SIGSTOP) with claims it has not begun, past their lease: the other worker
  /// takes them over and delivers them; the frozen one, continued, sends none of them again.
  @Test(.timeLimit(.minutes(4)))
  func aWorkerFrozenPastItsLeaseSendsNothingTheOtherDelivered() async throws {
    // 120 reminders due at one instant, one worker carrying out one user at a time, and a
    // receiver taking 0.2 s an answer: the worker holds claims it has not begun for many seconds.
    var scenario = try await FaultScenario.start(
      perUser: 6, spread: 0, workers: 1, arguments: ["--concurrency", "1"])
    defer { scenario.end() }
    scenario.receiver.command("slow 0.2")
    let frozen = scenario.workers[0]
    try await Task.sleep(until: scenario.firstFire.addingTimeInterval(1))
    frozen.kill(SIGSTOP)
    let sentBefore = scenario.receiver.requests.count
    scenario.workers.append(try scenario.startWorker())
    // The lease (25 s) ends; the second worker takes the claims over and delivers them.
    try await Task.sleep(for: .seconds(32))
    frozen.kill(SIGCONT)
    try await Task.sleep(for: .seconds(3))
    // The request in flight when it froze may be sent by both: at most that one twice.
    try await scenario.verify("a worker frozen 32 s", within: 60, duplicates: 1)
    let declined = scenario.logLines(containing: "another worker has it").count
    print(
      """
      WorkerFaultTests: a worker frozen after sending \(sentBefore) of 120 woke and declined \(declined) claims \
      another worker had taken over
      """)
    #expect(declined > 0, "the frozen worker held claims it had not begun")
  }
}

extension Task where Success == Never, Failure == Never {
  /// Sleeps until the wall-clock instant `date`.
  static func sleep(until date: Date) async throws {
    let seconds = date.timeIntervalSinceNow
    if seconds > 0 { try await Task.sleep(for: .milliseconds(Int(seconds * 1000))) }
  }
}

import Foundation
import HeraldCore
import HeraldInterchange
import HeraldPostgres
import HeraldRuntime
import HeraldTestSupport
import HeraldWorker
import Testing

/// `herald deliveries list` and `retry`, as an operator runs them: a delivery that failed is
/// listed with its last error, queued again, and then sent by a worker — late, a day after its
/// time, its grace window counted from the retry.
@Suite(.enabled(if: TestDatabase.enabled, TestDatabase.skipReason))
struct DeliveriesCommandTests {
  @Test func aFailedDeliveryIsListedRetriedAndThenSentLate() async throws {
    try await DeliveryWorkerTests().withWorker { worker, clock, receiver, store, url in
      let database = PostgresServeProcessTests.text(url)
      // It failed yesterday: its receiver never answered within the grace window.
      try await TestDatabase.admin(
        url, "UPDATE delivery SET status = 'failed', attempts = 9, last_error = 'connection refused'")
      let id = try #require(try await TestDatabase.column(url, "SELECT id::text FROM delivery").first ?? nil)

      let listed = try HeraldProcess.run(["deliveries", "list", "--postgres", database, "--status", "failed"])
      #expect(listed.status == 0, "\(listed.stderr)")
      #expect(
        listed.stdout
          == "\(id)  ada  failed  2026-11-23T07:55:00.000Z  tries 9  -  \"focus-block-start-b1\"  \"connection refused\"\n"
      )
      let none = try HeraldProcess.run(["deliveries", "list", "--postgres", database, "--status", "pending"])
      #expect(none.stdout.isEmpty)

      let bad = try HeraldProcess.run(["deliveries", "list", "--postgres", database, "--status", "lost"])
      #expect(bad.status != 0)
      #expect(
        bad.stderr
          == "error: --status: expected one of pending, failed, late, missed, delivered, got \"lost\"\n")

      let retried = try HeraldProcess.run(["deliveries", "retry", id, "--postgres", database])
      #expect(retried.status == 0, "\(retried.stderr)")
      #expect(retried.stdout == "queued 1 delivery again\n")
      let again = try HeraldProcess.run(["deliveries", "retry", id, "--postgres", database])
      #expect(again.status != 0)
      #expect(again.stderr == "error: delivery \(id): is pending; only failed or missed ones are retried\n")
      let unknown = try HeraldProcess.run(["deliveries", "retry", "--user", "nobody", "--postgres", database])
      #expect(unknown.status != 0)
      #expect(unknown.stderr.hasPrefix("error: user nobody"), "\(unknown.stderr)")

      // A day later than its time, and sent all the same: late.
      let requeuedAt = try #require(
        try await TestDatabase.column(url, "SELECT extract(epoch FROM requeued_at)::text FROM delivery").first
          ?? nil)
      // A second past it: the text of the instant may round below the stored microseconds.
      clock.advance(by: (Double(requeuedAt) ?? 0) + 1 - clock.now().timeIntervalSince1970)
      #expect(try await worker.deliverDue() == 1)
      let requests = receiver.requests(count: 1)
      #expect(requests.map(\.id) == ["ada:focus-block-start-b1:2026-11-23T07:55:00.000Z"])
      #expect(requests.first?.body["late"] == .bool(true))
      #expect(try await DeliveryWorkerTests.statuses(url) == ["focus-block-start-b1 delivered"])
      let late = try HeraldProcess.run(["deliveries", "list", "--postgres", database, "--status", "late"])
      #expect(
        late.stdout.contains("  ada  delivered-late  2026-11-23T07:55:00.000Z  tries 1  at "),
        "exit \(late.status): \(late.stderr)")
      _ = store
    }
  }
}

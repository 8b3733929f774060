import Foundation
import HeraldCore
import HeraldPostgres
import HeraldPostgresConnections
import HeraldRuntime
import HeraldWebhooks
import HeraldWorker

extension ChangesBenchmark {
  /// What a worker's delivery costs right after the user's data changed, with `stored` tasks:
  /// one user (the rich day's blocks and movement, `stored` tasks due over the next days, no
  /// webhook), a worker on a hand-moved clock claiming one row a round. 50 times: a task is added
  /// (the data's version moves on), the clock goes to the next pending row, and the worker's round
  /// that claims, decides and records it is timed. Returns the rounds' seconds, sorted, and the rows
  /// they carried out.
  func deliveriesAfterChanges(_ url: PostgresURL, stored: Int) async throws -> (seconds: [Double], rows: Int)
  {
    try await PostgresStore.withStore(url, logger: logger) { store in
      let start = Date()
      let state = Self.richState(now: start, stored: stored)
      _ = try await store.addUser(
        name: "changing", timeZone: BenchmarkFixtures.zone("Europe/Berlin"), language: .de,
        webhook: nil,
        at: start)
      try await store.replaceData(ofUser: "changing", with: state, now: start)
      let clock = ManualClock(now: start)
      let data = store.data(ofUser: try await store.user(named: "changing").id, now: { clock.now() })
      let poster = HTTPWebhookPoster()
      // One row a round, so every round reads the user's data after a change.
      var configuration = WorkerConfiguration()
      configuration.batchSize = 1
      let worker = DeliveryWorker(
        store: store, clock: clock, poster: poster, configuration: configuration, logger: logger)
      var seconds: [Double] = []
      var rows = 0
      for index in 0..<50 {
        try await data.addTask(
          id: "a\(index)", title: "Added \(index)", due: start.addingTimeInterval(30 * 86_400),
          completed: false)
        guard let next = try await store.nextWake(after: clock.now()) else { break }
        clock.advance(by: max(0, next.timeIntervalSince(clock.now())))
        let began = ContinuousClock.now
        rows += try await worker.deliverDue()
        seconds.append((.now - began).inSeconds)
      }
      await poster.shutdown()
      return (seconds.sorted(), rows)
    }
  }
}

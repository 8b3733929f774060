import Crypto
import Foundation
import HeraldPostgres
import HeraldPostgresConnections
import HeraldPush

/// Job `push-worker` (issue 51, only when named): deliveries a second of one `herald worker` with
/// every user on Web Push instead of a webhook, to a push service that answers after 100 ms (as
/// the vendors' do from across the internet), beside the same worker and users on webhooks to a
/// receiver as far. One PostgreSQL server (`HERALD_POSTGRES_URL`); the benchmark's receiver stands
/// for the push service (it answers 204 without decrypting: `PushServiceTests` checks what is
/// sent); each user has one device, its endpoint a path of their own.
struct PushWorkerBenchmark {
  let users = 10_000
  var delay: Int { Int(ProcessInfo.processInfo.environment["HERALD_BENCH_PUSH_DELAY"] ?? "") ?? 100 }

  func run() async throws {
    guard let text = ProcessInfo.processInfo.environment["HERALD_POSTGRES_URL"], !text.isEmpty else {
      print(
        "\npush-worker: skipped — set HERALD_POSTGRES_URL (HERALD_POSTGRES_DURABLE=1 .ci/postgres starts one)"
      )
      return
    }
    let logger = BenchmarkPostgres.quietLogger
    let postgres = try BenchmarkPostgres(server: PostgresURL(text), logger: logger)
    let receiver = try await WebhookSinkServer(port: ServeProcess.freePort())
    defer { receiver.stop() }
    receiver.behave { $0.delay = Double(delay) / 1000 }
    let postmaster = try await postgres.postmaster()
    let service = "http://127.0.0.1:\(receiver.port)"
    print(
      "\nOne worker, \(users) users' reminders due at once, the receiver or push service \(delay) ms away")
    print("  PostgreSQL: \(try await postgres.durability())")
    var lines: [String] = []
    for pushing in [false, true] {
      let load = HeraldWorkerLoad(users: users, logger: logger)
      let measured = try await postgres.withDatabase { url in
        let fire = try await load.populate(url, perUser: 1, startingIn: 90, spread: 1) { _ in
          pushing ? nil : receiver.url
        }
        if pushing { try await subscribeEveryone(url, at: service) }
        try await HeraldWorkerLoad.sleep(until: fire.addingTimeInterval(0.5))
        receiver.reset()
        let options =
          pushing
          ? ["--push-contact", "mailto:bench@herald.example", "--push-service", service]
          : []
        // How many requests the receiver has under way, looked at every 10 ms while it runs.
        let sampler = Task {
          var seen: [Int] = []
          while !Task.isCancelled {
            seen.append(receiver.openCount)
            try? await Task.sleep(for: .milliseconds(10))
          }
          return seen
        }
        defer { sampler.cancel() }
        let measured = try await QueueMeasurement.measure(
          side: pushing ? "push" : "webhook", workers: 1, setting: "defaults", deliveries: users,
          database: url.database, postgres: postgres, postmaster: postmaster, receiver: receiver
        ) { try load.launchWorkers(url, count: 1, options: options) }
        sampler.cancel()
        let seen = await sampler.value.filter { $0 > 0 }.sorted()
        print(
          "    under way at the receiver: median \(seen.isEmpty ? 0 : seen[seen.count / 2]), most \(seen.last ?? 0)"
        )
        return measured
      }
      let line = String(
        format:
          "%-8@ %7.0f/s from one worker%@; worker %.3f, server %.3f ms CPU a delivery; machine %3.0f%% busy",
        measured.side, measured.rate, pushing ? " (aim ≥ 2 000/s)" : "",
        measured.workerMillisecondsPerDelivery,
        measured.serverMillisecondsPerDelivery, measured.machineBusy * 100)
      print("  " + line)
      lines.append(line)
    }
  }

  /// One device for each user, its endpoint `service/push/<user>`: real P-256 and auth keys (one
  /// pair for all: what is measured is the sending, not the keys' variety).
  private func subscribeEveryone(_ url: PostgresURL, at service: String) async throws {
    let p256dh = Base64URL.encode(P256.KeyAgreement.PrivateKey().publicKey.x963Representation)
    let auth = Base64URL.encode((0..<16).map { _ in UInt8.random(in: 0...255) })
    try await PostgresStore.withStore(url, logger: BenchmarkPostgres.quietLogger) { store in
      for index in 0..<users {
        let user = try await store.user(named: "user-\(index)")
        _ = try await store.data(ofUser: user.id) { Date() }.savePushSubscription(
          endpoint: "\(service)/push/user-\(index)", p256dh: p256dh, auth: auth, expirationTime: nil,
          at: Date())
      }
    }
  }
}

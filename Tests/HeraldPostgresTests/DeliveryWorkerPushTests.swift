import Crypto
import Foundation
import HeraldContracts
import HeraldCore
import HeraldInterchange
import HeraldPostgres
import HeraldPush
import HeraldRuntime
import HeraldTestSupport
import HeraldWebhooks
import HeraldWorker
import Synchronization
import Testing

/// `herald worker --push-contact …`: each user's reminder, once shown (after their webhook, if they
/// have one, answered), goes to each of their subscribed devices through the one `PushDispatch`
/// the daemon uses — encrypted, signed, its links signed for that user — and a row tried again for
/// its webhook is not pushed meanwhile. (The push service's answers themselves: `PushSenderTests`
/// and `PushServiceTests` against an independent one.)
@Suite(.enabled(if: TestDatabase.enabled, TestDatabase.skipReason))
struct DeliveryWorkerPushTests {
  static let start = DeliveryWorkerTests.start
  static let fireDate = DeliveryWorkerTests.fireDate

  /// Every POST the push services were sent, answered 201 — or, for an endpoint `refusing`
  /// names, with that status.
  final class RecordingPushServices: WebhookPosting {
    private let posts = Mutex<[(url: URL, headers: [String: String], body: Data)]>([])
    let refusing: [String: Int]
    /// Endpoints whose service takes the request and never answers (until the sender gives up).
    let hanging: Set<String>

    init(refusing: [String: Int] = [:], hanging: Set<String> = []) {
      self.refusing = refusing
      self.hanging = hanging
    }

    func post(_ body: Data, to url: URL, headers: [String: String], timeout: TimeInterval) async throws {
      posts.withLock { $0.append((url, headers, body)) }
      if hanging.contains(url.absoluteString) {
        try await Task.sleep(for: .seconds(timeout))
        throw WebhookFailure("no answer within \(timeout) s", result: "timeout")
      }
      if let status = refusing[url.absoluteString] {
        throw WebhookFailure("the push service answered \(status)", result: "4xx", status: status)
      }
    }

    var received: [(url: URL, headers: [String: String], body: Data)] { posts.withLock { $0 } }
  }

  /// A device's subscription as a browser would post it: real P-256 and auth keys.
  static func subscribe(_ data: PostgresUserData, endpoint: String) async throws {
    let key = P256.KeyAgreement.PrivateKey().publicKey.x963Representation
    let auth = (0..<16).map { _ in UInt8.random(in: 0...255) }
    _ = try await data.savePushSubscription(
      endpoint: endpoint, p256dh: Base64URL.encode(key), auth: Base64URL.encode(auth), expirationTime: nil,
      at: start)
  }

  /// Pushes to the recording services, signed and linked as a worker's are.
  /// A worker on `store` pushing to the recording services.
  static func worker(_ store: PostgresStore, _ clock: ManualClock, pushingTo services: RecordingPushServices)
    throws -> DeliveryWorker
  {
    DeliveryWorker(
      store: store, clock: clock, poster: HTTPWebhookPoster(), pushing: try pushing(to: services),
      logger: TestDatabase.logger)
  }

  static func pushing(to services: RecordingPushServices) throws -> WorkerPushing {
    try WorkerPushing(
      settings: PushSettings(
        contact: "mailto:ops@herald.example", publicURL: #require(URL(string: "https://herald.example")),
        services: .vendorsOnly),
      key: VAPIDKey(), secret: LinkSecret(), poster: services)
  }

  @Test func eachUsersReminderReachesEachOfTheirDevicesOnceAfterTheirWebhook() async throws {
    try await DeliveryWorkerTests().withWorker(statuses: [500, 204]) { _, clock, receiver, store, url in
      // Bob has no webhook: his reminders go to his device alone.
      _ = try await store.addUser(name: "bob", timeZone: .utc, language: .en, webhook: nil, at: Self.start)
      try await store.replaceData(
        ofUser: "bob", with: ScenarioDocument.decode(Data(DeliveryWorkerTests.scenario.utf8)), now: Self.start
      )
      let ada = store.data(ofUser: try await store.user(named: "ada").id) { clock.now() }
      let bob = store.data(ofUser: try await store.user(named: "bob").id) { clock.now() }
      try await Self.subscribe(ada, endpoint: "https://fcm.googleapis.com/fcm/send/ada-phone")
      try await Self.subscribe(ada, endpoint: "https://updates.push.services.mozilla.com/wpush/v2/ada-laptop")
      try await Self.subscribe(bob, endpoint: "https://web.push.apple.com/bob-phone")

      let services = RecordingPushServices()
      let worker = try Self.worker(store, clock, pushingTo: services)

      clock.advance(by: Self.fireDate.timeIntervalSince(Self.start))
      _ = try await worker.deliverDue()
      // Ada's webhook answered 500: her row waits for its retry, and nothing was pushed for it;
      // Bob's went to his phone.
      await worker.finishPushes()
      #expect(services.received.map(\.url.absoluteString) == ["https://web.push.apple.com/bob-phone"])
      #expect(receiver.requests(count: 1).count == 1)

      // The retry's webhook answers: now Ada's devices get it, once each.
      let retrying = try Self.worker(store, clock, pushingTo: services)
      clock.advance(by: 60)
      _ = try await retrying.deliverDue()
      await retrying.finishPushes()
      #expect(receiver.requests(count: 2).count == 2)
      let urls = services.received.map(\.url.absoluteString)
      #expect(
        urls.sorted() == [
          "https://fcm.googleapis.com/fcm/send/ada-phone",
          "https://updates.push.services.mozilla.com/wpush/v2/ada-laptop",
          "https://web.push.apple.com/bob-phone",
        ])
      for post in services.received {
        #expect(post.headers["Content-Encoding"] == "aes128gcm")
        #expect(post.headers["Authorization"]?.hasPrefix("vapid t=") == true)
        #expect(post.headers["Topic"] != nil && post.headers["TTL"] != nil)
        #expect(post.body.count > 0 && post.body.count <= 4096)
      }
      // Each device's 2xx is noted in the user's own rows.
      #expect(try await ada.pushSubscriptions().allSatisfy { $0.lastDeliveredAt != nil })
      #expect(try await bob.pushSubscriptions().allSatisfy { $0.lastDeliveredAt != nil })
      #expect(try await DeliveryWorkerTests.statuses(url).allSatisfy { $0.hasSuffix(" delivered") })
    }
  }

  @Test func aDeviceThePushServiceRefusesIsSaidOnTheDeliverysRow() async throws {
    try await DeliveryWorkerTests().withWorker(statuses: [204]) { _, clock, _, store, url in
      let ada = store.data(ofUser: try await store.user(named: "ada").id) { clock.now() }
      try await Self.subscribe(ada, endpoint: "https://fcm.googleapis.com/fcm/send/ada-phone")
      try await Self.subscribe(ada, endpoint: "https://web.push.apple.com/ada-old-phone")
      let services = RecordingPushServices(refusing: ["https://web.push.apple.com/ada-old-phone": 403])
      let worker = try Self.worker(store, clock, pushingTo: services)
      clock.advance(by: Self.fireDate.timeIntervalSince(Self.start))
      _ = try await worker.deliverDue()
      await worker.finishPushes()

      #expect(services.received.count == 2)
      // Delivered — its webhook and one phone took it — with what the other device did not get.
      let rows = try await store.deliveries(user: "ada", filter: .delivered, limit: 10)
      #expect(rows.map(\.status) == ["delivered"])
      #expect(rows.first?.lastError == "push: 1 of 2 devices not reached: refused (403)")
    }
  }

  @Test func aPushServiceThatHangsHoldsUpNoOtherUsersPush() async throws {
    try await DeliveryWorkerTests().withWorker(statuses: [204]) { _, clock, _, store, url in
      _ = try await store.addUser(name: "bob", timeZone: .utc, language: .en, webhook: nil, at: Self.start)
      try await store.replaceData(
        ofUser: "bob", with: ScenarioDocument.decode(Data(DeliveryWorkerTests.scenario.utf8)), now: Self.start
      )
      let ada = store.data(ofUser: try await store.user(named: "ada").id) { clock.now() }
      let bob = store.data(ofUser: try await store.user(named: "bob").id) { clock.now() }
      // Ada's push service takes her push and never answers; Bob's is another service.
      let hung = "https://web.push.apple.com/ada-phone"
      try await Self.subscribe(ada, endpoint: hung)
      try await Self.subscribe(bob, endpoint: "https://fcm.googleapis.com/fcm/send/bob-phone")
      let services = RecordingPushServices(hanging: [hung])
      let worker = try Self.worker(store, clock, pushingTo: services)
      clock.advance(by: Self.fireDate.timeIntervalSince(Self.start))
      // Both rows are decided and recorded at once: neither waits for a push service.
      _ = try await worker.deliverDue()
      #expect(try await DeliveryWorkerTests.statuses(url).filter { $0.hasSuffix(" delivered") }.count == 2)
      // Bob's phone has his reminder while Ada's service still holds hers unanswered.
      let deadline = ContinuousClock.now + .seconds(5)
      while services.received.count < 2, ContinuousClock.now < deadline {
        try await Task.sleep(for: .milliseconds(5))
      }
      #expect(
        Set(services.received.map(\.url.absoluteString)) == [
          hung, "https://fcm.googleapis.com/fcm/send/bob-phone",
        ])
      #expect(try await bob.pushSubscriptions().allSatisfy { $0.lastDeliveredAt != nil })
      #expect(try await ada.pushSubscriptions().allSatisfy { $0.lastDeliveredAt == nil })
      await worker.finishPushes()
    }
  }
}

import Foundation
import HeraldCore
import HeraldPush
import HeraldTestSupport
import HeraldWebhooks
import Testing

/// The sender acting on each push service's answer as `contracts/push.md` says, against a push
/// service in memory (`ScriptedPoster`) and a stepped clock; `PushServiceTests` (HeraldCLITests)
/// does the same against an independent push service over HTTP.
@Suite struct PushSenderTests {
  let browser = PushFixtures.Browser()
  let time = SteppedTime()
  let store = RecordingSubscriptionStore()
  let logs = LogRecorder()

  func sender(_ poster: ScriptedPoster, graceWindow: TimeInterval = 12 * 3600) -> PushSender {
    var policy = DeliveryPolicy()
    policy.graceWindow = graceWindow
    return PushSender(
      poster: poster, store: store,
      tokens: VAPIDTokenCache(key: VAPIDKey(), subject: "mailto:ops@herald.example"),
      links: PushFixtures.links, policy: policy, logger: logs.logger(), now: time.now, wait: time.wait)
  }

  func target(_ id: String, path: String) throws -> PushSender.Target {
    PushSender.Target(
      id: id, subscription: try browser.subscription(endpoint: "https://web.push.apple.com\(path)"))
  }

  @Test func aTwoHundredIsRecordedAndSentOnce() async throws {
    let poster = ScriptedPoster([:])
    let outcome = await sender(poster).send(PushFixtures.delivery(), to: try target("ps-1", path: "/a"))
    #expect(outcome == .delivered(attempts: 1))
    #expect(poster.posts.value.count == 1)
    #expect(store.delivered.value == ["ps-1"])
    let post = try #require(poster.posts.value.first)
    #expect(post.headers["Content-Encoding"] == "aes128gcm")
    #expect(post.headers["Authorization"]?.hasPrefix("vapid t=") == true)
    #expect(post.headers["Urgency"] == "normal")
    // The body is the reminder's, for this browser.
    let plaintext = try browser.decrypt(Array(post.body))
    #expect(plaintext == (try PushPayload(PushFixtures.delivery(), links: PushFixtures.links).fitted()))
  }

  @Test(arguments: [404, 410])
  func goneRemovesTheSubscriptionAtOnce(status: Int) async throws {
    let poster = ScriptedPoster(["/gone": [.status(status)]])
    let outcome = await sender(poster).send(PushFixtures.delivery(), to: try target("ps-2", path: "/gone"))
    #expect(outcome == .removed(status: status))
    #expect(store.removed.value == ["ps-2"])
    #expect(store.delivered.value.isEmpty)
    #expect(poster.posts.value.count == 1)
  }

  @Test func aSubscriptionGoneIsNotSentToByALaterSendWithAnOlderList() async throws {
    let poster = ScriptedPoster(["/gone": [.status(410), .status(201)]])
    let sender = sender(poster)
    let gone = try target("ps-2", path: "/gone")
    #expect(await sender.send(PushFixtures.delivery(id: "a"), to: gone) == .removed(status: 410))
    #expect(await sender.send(PushFixtures.delivery(id: "b"), to: gone) == .removed(status: 410))
    #expect(poster.posts.value.count == 1)
  }

  @Test func tooManyRequestsWaitsAsAskedThenDeliversOnce() async throws {
    let poster = ScriptedPoster(["/busy": [.status(429, retryAfter: 7), .status(201), .status(500)]])
    let outcome = await sender(poster).send(PushFixtures.delivery(), to: try target("ps-3", path: "/busy"))
    #expect(outcome == .delivered(attempts: 2))
    #expect(time.waits.value == [7])
    #expect(store.delivered.value == ["ps-3"])
    let posts = poster.posts(to: "/busy")
    #expect(posts.count == 2)
    // A fresh key and salt for the second POST, the same topic, and a TTL 7 s shorter.
    #expect(posts[0].body.prefix(16) != posts[1].body.prefix(16))
    #expect(posts[0].headers["Topic"] == posts[1].headers["Topic"])
    #expect(Int(posts[0].headers["TTL"] ?? "") == 43_200)
    #expect(Int(posts[1].headers["TTL"] ?? "") == 43_193)
  }

  @Test func serverErrorsAndRefusedConnectionsBackOff() async throws {
    let poster = ScriptedPoster(["/down": [.status(503), .unreachable, .status(502), .status(201)]])
    let outcome = await sender(poster).send(PushFixtures.delivery(), to: try target("ps-4", path: "/down"))
    #expect(outcome == .delivered(attempts: 4))
    #expect(time.waits.value == [1, 2, 4])
  }

  @Test func retriesEndWhenTheTTLRunsOut() async throws {
    // No grace window: the TTL is its shortest, 60 s; 1+2+4+8+16 s waited, and 32 more would pass it.
    let poster = ScriptedPoster(["/down": [.status(503)]])
    let outcome = await sender(poster, graceWindow: 0).send(
      PushFixtures.delivery(), to: try target("ps-5", path: "/down"))
    guard case .expired(let attempts, let problem) = outcome else {
      Issue.record("expected expired, got \(outcome)")
      return
    }
    #expect(attempts == 6)
    #expect(problem == "answered HTTP 503")
    #expect(time.waits.value == [1, 2, 4, 8, 16])
    #expect(store.delivered.value.isEmpty && store.removed.value.isEmpty)
    #expect(logs.messages(at: .warning).count == 1)
  }

  @Test func tooLargeIsADefectLoggedOnceAndNotRetried() async throws {
    let poster = ScriptedPoster(["/a": [.status(413)], "/b": [.status(413)]])
    let outcomes = await sender(poster).send(
      PushFixtures.delivery(), to: [try target("ps-a", path: "/a"), try target("ps-b", path: "/b")])
    #expect(outcomes == ["ps-a": .defect(status: 413), "ps-b": .defect(status: 413)])
    #expect(poster.posts.value.count == 2)
    #expect(logs.messages(at: .error).filter { $0.contains("defect") }.count == 1)
  }

  @Test func otherClientErrorsAreNotRetried() async throws {
    let poster = ScriptedPoster(["/bad": [.status(403), .status(201)]])
    let outcome = await sender(poster).send(PushFixtures.delivery(), to: try target("ps-6", path: "/bad"))
    #expect(outcome == .refused(status: 403))
    #expect(poster.posts.value.count == 1)
  }

  @Test func aHangingServiceDoesNotHoldUpTheOthers() async throws {
    let poster = ScriptedPoster(["/hang": [.hang]])
    let sender = sender(poster)
    let targets = [try target("ps-hang", path: "/hang"), try target("ps-ok", path: "/ok")]
    let sending = Task { await sender.send(PushFixtures.delivery(), to: targets) }
    // The live subscription is delivered while the other's POST still has no answer.
    var events = store.events.makeAsyncIterator()
    #expect(await events.next() == "delivered ps-ok")
    #expect(store.delivered.value == ["ps-ok"])
    poster.release()
    let outcomes = await sending.value
    #expect(outcomes == ["ps-hang": .delivered(attempts: 1), "ps-ok": .delivered(attempts: 1)])
  }
}

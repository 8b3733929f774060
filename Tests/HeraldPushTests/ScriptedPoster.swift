import Foundation
import HeraldPush
import HeraldTestSupport
import HeraldWebhooks

/// A push service in memory for the sender's unit tests: each endpoint answers from its own
/// script, one answer a POST (the last one repeated), and every POST is kept.
final class ScriptedPoster: WebhookPosting {
  enum Answer: Sendable {
    case status(Int, retryAfter: TimeInterval? = nil)
    case unreachable
    /// Never answers until `release()`, then 201.
    case hang
  }

  struct Post: Sendable {
    var endpoint: URL
    var headers: [String: String]
    var body: Data
  }

  private let scripts: Locked<[String: [Answer]]>
  let posts = Locked<[Post]>([])
  private let gate = Locked<[CheckedContinuation<Void, Never>]>([])
  private let released = Locked(false)

  /// Answers by endpoint path; 201 for a path without a script.
  init(_ scripts: [String: [Answer]]) { self.scripts = Locked(scripts) }

  func post(_ body: Data, to url: URL, headers: [String: String], timeout: TimeInterval) async throws {
    posts.update { $0.append(Post(endpoint: url, headers: headers, body: body)) }
    var answer = Answer.status(201)
    scripts.update { scripts in
      guard var script = scripts[url.path], let first = script.first else { return }
      answer = first
      if script.count > 1 { script.removeFirst() }
      scripts[url.path] = script
    }
    switch answer {
    case .status(let status, let retryAfter):
      guard (200..<300).contains(status) else {
        throw WebhookFailure("answered HTTP \(status)", status: status, retryAfter: retryAfter)
      }
    case .unreachable:
      throw WebhookFailure("connection refused")
    case .hang:
      await withCheckedContinuation { continuation in
        var now = false
        released.update { now = $0 }
        if now { continuation.resume() } else { gate.update { $0.append(continuation) } }
      }
    }
  }

  /// Lets every hanging POST answer.
  func release() {
    released.value = true
    var waiting: [CheckedContinuation<Void, Never>] = []
    gate.update {
      waiting = $0; $0 = []
    }
    for continuation in waiting { continuation.resume() }
  }

  func posts(to path: String) -> [Post] { posts.value.filter { $0.endpoint.path == path } }
}

/// The store's side, in memory: what the sender removed and recorded, and a stream of each.
final class RecordingSubscriptionStore: PushSubscriptionStore {
  let removed = Locked<[String]>([])
  let delivered = Locked<[String]>([])
  let events: AsyncStream<String>
  private let continuation: AsyncStream<String>.Continuation

  init() { (events, continuation) = AsyncStream.makeStream() }

  func removeSubscription(id: String) async throws {
    removed.update { $0.append(id) }
    continuation.yield("removed \(id)")
  }

  func recordDelivered(id: String, at date: Date) async throws {
    delivered.update { $0.append(id) }
    continuation.yield("delivered \(id)")
  }
}

/// The real clock as the sender reads it, moved on only by its waits: a test of retries over
/// minutes runs at once.
final class SteppedTime: Sendable {
  let waits = Locked<[TimeInterval]>([])
  private let offset = Locked<TimeInterval>(0)
  let start = Date(timeIntervalSince1970: 1_780_000_000)

  var now: @Sendable () -> Date { { [self] in start.addingTimeInterval(offset.value) } }
  var wait: @Sendable (TimeInterval) async throws -> Void {
    { [self] seconds in
      waits.update { $0.append(seconds) }
      offset.update { $0 += seconds }
    }
  }
}

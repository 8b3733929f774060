import Foundation
import HeraldWebhooks
import Logging
import Testing

@testable import HeraldWorker

/// Issue 49: how many requests a receiver is given at once, found by itself — doubling while it
/// answers promptly, halving on overload at most once a round trip, shrinking when its round trip
/// grows, within the operator's ceiling — and the gate that holds requests past the limit in turn.
@Suite struct DestinationLimitTests {
  /// Starts as many requests as the limit allows and ends them all, each answered after `latency`.
  func round(_ limit: inout DestinationLimit, at time: inout Double, latency: Double) {
    let count = Int(limit.limit)
    for _ in 0..<count { limit.started() }
    time += latency
    for _ in 0..<count { _ = limit.finished(.answered(latency: latency), at: time, demand: true) }
  }

  @Test func slowStartDoublesARoundTripUntilTheCeiling() {
    var limit = DestinationLimit(initial: 8, ceiling: 100)
    var time = 0.0
    for expected in [16, 32, 64, 100, 100] {
      round(&limit, at: &time, latency: 0.05)
      #expect(Int(limit.limit) == expected)
    }
  }

  @Test func anOverloadHalvesItOnceARoundTripAndIsSaidOnce() {
    var limit = DestinationLimit(initial: 8, ceiling: 1000)
    var time = 0.0
    for _ in 0..<3 { round(&limit, at: &time, latency: 0.05) }
    #expect(Int(limit.limit) == 64)
    for _ in 0..<64 { limit.started() }
    var changes: [DestinationLimit.Change] = []
    // Ten 429s answered together: one round trip, one halving.
    for _ in 0..<10 {
      if let change = limit.finished(.overloaded, at: time + 0.01, demand: true) { changes.append(change) }
    }
    #expect(Int(limit.limit) == 32)
    // A round trip later, still overloaded: halved again, but said only once.
    for _ in 0..<10 {
      if let change = limit.finished(.overloaded, at: time + 0.2, demand: true) { changes.append(change) }
    }
    #expect(Int(limit.limit) == 16)
    #expect(changes == [.fell(to: 32)])
    // Past slow start it grows by about one a round trip, and says when it is back.
    for _ in 0..<40 { round(&limit, at: &time, latency: 0.05) }
    #expect(limit.limit > 16 && limit.limit < 64, "\(limit.limit)")
    #expect(!limit.overloaded)
  }

  @Test func aRoundTripThatDoublesTakesATenthOff() {
    var limit = DestinationLimit(initial: 8, ceiling: 1000)
    var time = 0.0
    for _ in 0..<2 { round(&limit, at: &time, latency: 0.05) }
    #expect(Int(limit.limit) == 32)
    limit.started()
    _ = limit.finished(.answered(latency: 0.3), at: time + 0.3, demand: true)
    #expect(Int(limit.limit) == 28)
  }

  /// A receiver beside the worker: 0.3 ms unloaded, then its queue makes every answer 6 ms. The
  /// answers of one round trip take a tenth off once, not once for every 0.3 ms among them.
  @Test func aNearDestinationQueueingTakesATenthOffOnceARoundTrip() {
    var limit = DestinationLimit(initial: 8, ceiling: 1000)
    var time = 0.0
    for _ in 0..<2 { round(&limit, at: &time, latency: 0.0003) }
    #expect(Int(limit.limit) == 32)
    for _ in 0..<32 { limit.started() }
    // The 32 answers of one loaded round trip arrive within 3.2 ms, less than the round trip.
    for index in 0..<32 {
      _ = limit.finished(.answered(latency: 0.006), at: time + 0.006 + Double(index) * 0.000_1, demand: true)
    }
    #expect(Int(limit.limit) == 28, "\(limit.limit)")
  }

  @Test func aFailureThatSaysNothingOfLoadChangesNothing() {
    var limit = DestinationLimit(initial: 8, ceiling: 1000)
    limit.started()
    #expect(limit.finished(.failed, at: 1, demand: true) == nil)
    #expect(Int(limit.limit) == 8)
  }

  @Test func requestsPastTheLimitWaitInTurnUntilTheirDeadline() async throws {
    let gate = DestinationGate(ceiling: 1, initial: 1, logger: Logger(label: "test"))
    let first = try await gate.acquire("http://r:80", until: .now + .seconds(5))
    async let second = gate.acquire("http://r:80", until: .now + .seconds(5))
    // Another destination has room of its own.
    let other = try await gate.acquire("http://other:80", until: .now)
    while gate.snapshot()["http://r:80"]?.waiting != 1 { try await Task.sleep(for: .milliseconds(1)) }
    gate.release(first, .answered(latency: 0.01))
    let next = try await second
    #expect(next.destination == "http://r:80")
    // A request whose deadline passes while it waits is told so when room comes.
    let late = Task { try await gate.acquire("http://r:80", until: .now + .milliseconds(50)) }
    while gate.snapshot()["http://r:80"]?.waiting != 1 { try await Task.sleep(for: .milliseconds(1)) }
    try await Task.sleep(for: .milliseconds(60))
    gate.release(next, .answered(latency: 0.01))
    await #expect(throws: DestinationGate.NoRoom.self) { try await late.value }
    gate.release(other, .unused)
    #expect(gate.snapshot()["http://r:80"]?.inFlight == 0)
  }

  @Test func aPushTakesItsRoomAtThePushServiceAndAnOverloadGivesItLess() async throws {
    let gate = DestinationGate(ceiling: 64, initial: 1, logger: Logger(label: "test"))
    let held = GatedPoster()
    let paced = PacedPoster(poster: held, gate: gate)
    let endpoint = try #require(URL(string: "https://fcm.googleapis.com/fcm/send/a"))
    async let first: Void = paced.post(Data(), to: endpoint, headers: [:], timeout: 5)
    async let second: Void = paced.post(Data(), to: endpoint, headers: [:], timeout: 5)
    // One at a time while the service's limit is one: the second waits its turn.
    while gate.snapshot()["https://fcm.googleapis.com:443"]?.waiting != 1 {
      try await Task.sleep(for: .milliseconds(1))
    }
    #expect(held.started == 1)
    held.open()
    _ = try await (first, second)
    #expect(held.started == 2)
    #expect(gate.snapshot()["https://fcm.googleapis.com:443"]?.inFlight == 0)

    // A 503 is the push service saying it is overloaded: its limit falls, the failure goes on up.
    let busy = PacedPoster(poster: Answering(status: 503), gate: gate)
    let before = try #require(gate.snapshot()["https://fcm.googleapis.com:443"]?.limit)
    await #expect(throws: WebhookFailure.self) {
      try await busy.post(Data(), to: endpoint, headers: [:], timeout: 5)
    }
    #expect(try #require(gate.snapshot()["https://fcm.googleapis.com:443"]?.limit) < max(before, 2))
  }

  /// A push service that answers every request with `status`.
  private struct Answering: WebhookPosting {
    var status: Int
    func post(_ body: Data, to url: URL, headers: [String: String], timeout: TimeInterval) async throws {
      throw WebhookFailure("answered \(status)", result: "5xx", status: status)
    }
  }
}

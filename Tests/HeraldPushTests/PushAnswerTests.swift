import Foundation
import HeraldPush
import Testing

/// What each answer of a push service means for the subscription and for trying again.
@Suite struct PushAnswerTests {
  let now = Date(timeIntervalSince1970: 1_780_000_000)

  @Test func eachStatusHasItsMeaning() {
    #expect(PushAnswer(status: 201, now: now) == .delivered)
    #expect(PushAnswer(status: 200, now: now) == .delivered)
    #expect(PushAnswer(status: 404, now: now) == .gone)
    #expect(PushAnswer(status: 410, now: now) == .gone)
    #expect(PushAnswer(status: 413, now: now) == .defect(status: 413))
    #expect(PushAnswer(status: 429, now: now) == .retry(after: 1))
    #expect(PushAnswer(status: 503, now: now, attempt: 3) == .retry(after: 4))
    #expect(PushAnswer(status: 400, now: now) == .refused(status: 400))
    #expect(PushAnswer(status: 403, now: now) == .refused(status: 403))
    #expect(PushAnswer.unreachable(attempt: 2) == .retry(after: 2))
  }

  @Test func retryAfterIsHonouredInSecondsOrAsADate() {
    #expect(PushAnswer(status: 429, retryAfter: "120", now: now) == .retry(after: 120))
    #expect(PushAnswer(status: 503, retryAfter: " 7 ", now: now) == .retry(after: 7))
    // 1 780 000 000 is Thu, 28 May 2026 20:26:40 GMT.
    #expect(
      PushAnswer(status: 503, retryAfter: "Thu, 28 May 2026 20:27:10 GMT", now: now) == .retry(after: 30))
    // A date already past: at once.
    #expect(
      PushAnswer(status: 503, retryAfter: "Thu, 28 May 2026 20:00:00 GMT", now: now) == .retry(after: 0))
    // What is neither: the back-off.
    #expect(PushAnswer(status: 503, retryAfter: "soon", now: now, attempt: 2) == .retry(after: 2))
    #expect(PushAnswer(status: 503, retryAfter: "-5", now: now, attempt: 1) == .retry(after: 1))
  }

  @Test func theBackOffDoublesUpToFiveMinutes() {
    #expect((1...10).map(PushAnswer.backOff(attempt:)) == [1, 2, 4, 8, 16, 32, 64, 128, 256, 300])
    #expect(PushAnswer.backOff(attempt: 1_000) == 300)
  }

  @Test func retriesStopWhenTheTTLRunsOut() {
    #expect(PushAnswer.isWorthRetrying(after: 30, now: now, firstSent: now, ttl: 60))
    #expect(!PushAnswer.isWorthRetrying(after: 30, now: now + 30, firstSent: now, ttl: 60))
  }
}

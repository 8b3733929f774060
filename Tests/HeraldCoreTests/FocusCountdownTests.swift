import Foundation
import HeraldCore
import HeraldTestSupport
import PropertyBased
import Testing

/// Spec 002: the countdown and progress every renderer shows (`Text(timerInterval:)`'s meaning).
@Suite struct FocusCountdownTests {
  static let start = Fixtures.instant("2026-06-01T09:00:00+02:00")
  static let end = start.addingTimeInterval(25 * 60)

  static func text(_ secondsLeft: Double) -> String {
    FocusCountdown.remainingText(until: end, now: end.addingTimeInterval(-secondsLeft))
  }

  static let texts: [(secondsLeft: Double, text: String)] = [
    (1500, "25:00"), (3599, "59:59"), (61, "1:01"), (9, "0:09"), (3600, "1:00:00"), (3723, "1:02:03"),
    (36_059, "10:00:59"), (0, "0:00"),
  ]

  @Test(arguments: texts)
  func remainingText(secondsLeft: Double, expected: String) {
    #expect(Self.text(secondsLeft) == expected)
  }

  @Test func afterTheEndItStaysAtZero() {
    #expect(Self.text(-1) == "0:00")
    #expect(Self.text(-3 * 3600) == "0:00")
    #expect(FocusCountdown.remainingSeconds(until: Self.end, now: Self.end.addingTimeInterval(90)) == 0)
  }

  @Test func partialSecondsRoundUpSoZeroMeansOver() {
    // 0.2 s left is still "0:01": the block is not over yet.
    #expect(Self.text(0.2) == "0:01")
    #expect(Self.text(59.5) == "1:00")
    #expect(FocusCountdown.remainingSeconds(until: Self.end, now: Self.end.addingTimeInterval(-0.001)) == 1)
  }

  @Test func progressRunsFromZeroToOne() {
    func progress(_ minutes: Double) -> Double {
      FocusCountdown.progress(
        start: Self.start, end: Self.end, now: Self.start.addingTimeInterval(minutes * 60))
    }
    #expect(progress(0) == 0)
    #expect(progress(12.5) == 0.5)
    #expect(progress(5) == 0.2)
    #expect(progress(25) == 1)
  }

  @Test func progressIsClampedOutsideTheBlock() {
    #expect(
      FocusCountdown.progress(start: Self.start, end: Self.end, now: Self.start.addingTimeInterval(-600)) == 0
    )
    #expect(
      FocusCountdown.progress(start: Self.start, end: Self.end, now: Self.end.addingTimeInterval(600)) == 1)
    // A block without length is over as soon as it starts.
    #expect(FocusCountdown.progress(start: Self.start, end: Self.start, now: Self.start) == 1)
  }

  @Test func percentIsWholeAndReachesHundredOnlyAtTheEnd() {
    func percent(_ seconds: Double) -> Int {
      FocusCountdown.percent(start: Self.start, end: Self.end, now: Self.start.addingTimeInterval(seconds))
    }
    #expect(percent(-60) == 0)
    #expect(percent(0) == 0)
    #expect(percent(750) == 50)
    #expect(percent(1499) == 99)
    #expect(percent(1500) == 100)
    #expect(percent(4000) == 100)
  }

  @Test func progressAndPercentStayInRangeAndNeverGoBack() async {
    // Any block length, any pair of moments: within 0…1 / 0…100, and later is never less.
    await propertyCheck(
      input: Gen.int(in: 1...86_400), Gen.int(in: -100_000...200_000), Gen.int(in: 0...100_000)
    ) { length, offset, step in
      let end = Self.start.addingTimeInterval(Double(length))
      let now = Self.start.addingTimeInterval(Double(offset))
      let later = now.addingTimeInterval(Double(step))
      let p = FocusCountdown.progress(start: Self.start, end: end, now: now)
      #expect((0...1).contains(p))
      #expect((0...100).contains(FocusCountdown.percent(start: Self.start, end: end, now: now)))
      #expect(FocusCountdown.progress(start: Self.start, end: end, now: later) >= p)
      #expect(
        FocusCountdown.remainingSeconds(until: end, now: later)
          <= FocusCountdown.remainingSeconds(until: end, now: now))
    }
  }
}

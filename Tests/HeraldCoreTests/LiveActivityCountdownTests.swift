import Foundation
import HeraldCore
import HeraldTestSupport
import Testing

/// The minute-granular countdown of a display updated once a minute, and the next block.
@Suite struct LiveActivityCountdownTests {
  static let end = Fixtures.instant("2026-11-23T10:00:00Z")

  @Test func minutesLeftRoundUp() {
    #expect(FocusCountdown.remainingMinutes(until: Self.end, now: Self.end - 25 * 60) == 25)
    #expect(FocusCountdown.remainingMinutes(until: Self.end, now: Self.end - 24 * 60 - 1) == 25)
    #expect(FocusCountdown.remainingMinutes(until: Self.end, now: Self.end - 24 * 60) == 24)
    #expect(FocusCountdown.remainingMinutes(until: Self.end, now: Self.end - 1) == 1)
    #expect(FocusCountdown.remainingMinutes(until: Self.end, now: Self.end + 5) == 0)
  }

  @Test func theNextMinuteChangeIsAWholeNumberOfMinutesBeforeTheEnd() {
    #expect(FocusCountdown.nextMinuteChange(until: Self.end, after: Self.end - 25 * 60) == Self.end - 24 * 60)
    #expect(
      FocusCountdown.nextMinuteChange(until: Self.end, after: Self.end - 24 * 60 - 30) == Self.end - 24 * 60)
    #expect(FocusCountdown.nextMinuteChange(until: Self.end, after: Self.end - 20) == Self.end)
    #expect(FocusCountdown.nextMinuteChange(until: Self.end, after: Self.end) == nil)
  }

  @Test func theNextBlockIsTheEarliestToStartAfterNow() {
    let now = Fixtures.instant("2026-11-23T09:00:00Z")
    let blocks = [
      Fixtures.block("late", start: now + 7200), Fixtures.block("b", start: now + 3600),
      Fixtures.block("a", start: now + 3600), Fixtures.block("running", start: now - 60),
    ]
    #expect(FocusActivity.nextBlock(blocks: blocks, now: now)?.id == "a")
    #expect(FocusActivity.nextBlock(blocks: [blocks[3]], now: now) == nil)
  }
}

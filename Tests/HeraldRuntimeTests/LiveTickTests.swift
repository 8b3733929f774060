import Foundation
import HeraldRuntime
import HeraldTestSupport
import Testing

/// When the live stream wakes: where the shown second changes.
@Suite struct LiveTickTests {
  static let end = Fixtures.instant("2026-06-01T09:25:00+02:00")

  @Test func onAWholeSecondTheNextTickIsOneSecondLater() {
    let now = Self.end.addingTimeInterval(-90)
    #expect(LiveTick.next(after: now, countdownEnd: Self.end) == now.addingTimeInterval(1))
  }

  @Test func betweenSecondsTheNextTickIsWhereTheCountdownChanges() {
    let now = Self.end.addingTimeInterval(-89.7)
    #expect(LiveTick.next(after: now, countdownEnd: Self.end) == Self.end.addingTimeInterval(-89))
  }

  @Test func inTheLastSecondTheNextTickIsTheEnd() {
    #expect(LiveTick.next(after: Self.end.addingTimeInterval(-0.4), countdownEnd: Self.end) == Self.end)
    #expect(LiveTick.next(after: Self.end.addingTimeInterval(-1), countdownEnd: Self.end) == Self.end)
  }

  @Test func withoutACountdownTicksFallOnWholeWallClockSeconds() {
    let now = Self.end.addingTimeInterval(0.25)
    #expect(LiveTick.next(after: now, countdownEnd: nil) == Self.end.addingTimeInterval(1))
    #expect(LiveTick.next(after: Self.end, countdownEnd: nil) == Self.end.addingTimeInterval(1))
    // A countdown already over counts as none.
    #expect(LiveTick.next(after: now, countdownEnd: Self.end) == Self.end.addingTimeInterval(1))
  }

  @Test func aTimerWakingAHairEarlyDrawsItsTick() {
    let tick = Self.end
    #expect(LiveTick.frameInstant(woke: tick.addingTimeInterval(-0.002), tick: tick) == tick)
    #expect(
      LiveTick.frameInstant(woke: tick.addingTimeInterval(0.3), tick: tick) == tick.addingTimeInterval(0.3))
    // The wall clock set back by a minute: draw what the clock says.
    #expect(
      LiveTick.frameInstant(woke: tick.addingTimeInterval(-60), tick: tick) == tick.addingTimeInterval(-60))
  }
}

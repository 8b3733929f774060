import Foundation
import NIOCore
import NIOPosix
import Testing

@testable import HeraldWorker

/// The worker's clock: its sleeps on an event loop's timer end no earlier than asked and at
/// once when cancelled, as `Task.sleep`'s do; off a loop it sleeps as the system clock.
struct EventLoopClockTests {
  static let loop = MultiThreadedEventLoopGroup.singleton.next()

  @Test func aSleepOnAnEventLoopEndsNoEarlierThanAsked() async throws {
    let start = ContinuousClock.now
    try await EventLoopClock.sleep(on: Self.loop, for: .milliseconds(30))
    #expect(start.duration(to: .now) >= .milliseconds(30))
  }

  @Test(.timeLimit(.minutes(1)))
  func aCancelledSleepEndsAtOnceWithACancellationError() async throws {
    let sleeping = Task { try await EventLoopClock.sleep(on: Self.loop, for: .seconds(3_600)) }
    sleeping.cancel()
    await #expect(throws: CancellationError.self) { try await sleeping.value }
  }

  @Test func offAnEventLoopItSleepsUntilTheDeadline() async throws {
    let deadline = Date().addingTimeInterval(0.03)
    try await EventLoopClock().sleep(until: deadline, maximumWait: 10)
    #expect(Date() >= deadline)
  }
}

import Foundation
import Testing

@testable import HeraldWorker

/// Where a worker's claims start reading the queue: after what it claimed last while that holds,
/// from the earliest row at first, once a second, at a NOTIFY, when told, and when the clock
/// was set back.
struct ClaimWindowTests {
  static let start = Date(timeIntervalSince1970: 1_795_000_000)

  /// A window whose first claim, at `start`, took all it found of what was due by `start + 0.25`.
  static func window() -> ClaimWindow {
    var window = ClaimWindow(fullLookInterval: 1)
    let after = window.after(at: start, heard: false)
    window.claimed(at: start, after: after, count: 3, room: 10, horizon: start.addingTimeInterval(0.25))
    return window
  }

  @Test func theFirstClaimLooksFromTheEarliestAndTheNextAfterItsHorizon() {
    var window = ClaimWindow(fullLookInterval: 1)
    #expect(window.after(at: Self.start, heard: false) == nil)
    window.claimed(
      at: Self.start, after: nil, count: 3, room: 10, horizon: Self.start.addingTimeInterval(0.25))
    let next = Self.start.addingTimeInterval(0.05)
    #expect(window.after(at: next, heard: false) == Self.start.addingTimeInterval(0.25))
    window.claimed(
      at: next, after: Self.start.addingTimeInterval(0.25), count: 1, room: 10,
      horizon: next.addingTimeInterval(0.25))
    #expect(
      window.after(at: Self.start.addingTimeInterval(0.1), heard: false) == next.addingTimeInterval(0.25))
  }

  @Test func aClaimThatFilledItsRoomLeavesTheWindowWhereItWas() {
    var window = Self.window()
    let next = Self.start.addingTimeInterval(0.05)
    let after = window.after(at: next, heard: false)
    window.claimed(at: next, after: after, count: 10, room: 10, horizon: next.addingTimeInterval(0.25))
    // Rows due before the new horizon may be left: the next claim looks after the same time.
    #expect(window.after(at: Self.start.addingTimeInterval(0.06), heard: false) == after)
  }

  @Test func onceASecondANotifyOrWhenToldItLooksFromTheEarliest() {
    var window = Self.window()
    #expect(window.after(at: Self.start.addingTimeInterval(0.99), heard: false) != nil)
    #expect(window.after(at: Self.start.addingTimeInterval(1), heard: false) == nil)
    window = Self.window()
    #expect(window.after(at: Self.start.addingTimeInterval(0.05), heard: true) == nil)
    window = Self.window()
    window.forget()
    #expect(window.after(at: Self.start.addingTimeInterval(0.05), heard: false) == nil)
  }

  @Test func aClockSetBackLooksFromTheEarliest() {
    // What it claimed through lies an hour in the new time's future: rows due now are before it.
    var window = Self.window()
    #expect(window.after(at: Self.start.addingTimeInterval(-3_600), heard: false) == nil)
  }

  @Test func aFullClaimThatFilledItsRoomLooksFromTheEarliestAgain() {
    var window = ClaimWindow(fullLookInterval: 1)
    let after = window.after(at: Self.start, heard: false)
    window.claimed(
      at: Self.start, after: after, count: 10, room: 10, horizon: Self.start.addingTimeInterval(0.25))
    #expect(window.after(at: Self.start.addingTimeInterval(0.05), heard: false) == nil)
  }
}

import Foundation
import Testing

@testable import HeraldServer

/// The live events: numbered, replayed after `Last-Event-ID`, never repeated, never lost.
@Suite struct LiveEventHubTests {
  /// A hub whose snapshot is whatever `state` holds.
  final class State: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func set(_ next: Int) { lock.withLock { value = next } }
    var current: String { lock.withLock { "{\"n\":\(value)}" } }
  }

  /// The first `count` events of `stream`, or what came within ten seconds: a hub that loses an
  /// event fails the test instead of hanging it.
  static func take(_ count: Int, from stream: AsyncStream<LiveEventHub.Message>) async -> [LiveEventHub.Event]
  {
    await withTaskGroup(of: [LiveEventHub.Event]?.self) { group in
      group.addTask {
        var events: [LiveEventHub.Event] = []
        for await message in stream {
          if case .event(let event) = message { events.append(event) }
          if events.count == count { break }
        }
        return events
      }
      group.addTask {
        try? await Task.sleep(for: .seconds(10))
        return nil
      }
      // The first to finish decides; cancelling ends the other (a cancelled stream's loop returns
      // what it has so far).
      var taken: [LiveEventHub.Event] = []
      for await result in group {
        group.cancelAll()
        if let result { taken = result }
      }
      return taken
    }
  }

  @Test func anUnchangedSnapshotIsNoEvent() async {
    let state = State()
    let hub = LiveEventHub { state.current }
    await hub.refresh()
    await hub.refresh()
    state.set(1)
    await hub.refresh()
    let events = await Self.take(1, from: await hub.subscribe(after: nil))
    // A new stream starts with the newest state.
    #expect(events.map(\.data) == ["{\"n\":1}"])
  }

  /// The process part of an id is random base64url: one with a "-" in it (as one in eight are)
  /// must resume as well as one without.
  @Test(arguments: ["abcdefgh", "ab-cd-ef"])
  func aReconnectingStreamGetsExactlyWhatItMissed(process: String) async throws {
    let state = State()
    let hub = LiveEventHub(process: process) { state.current }
    await hub.refresh()
    let first = await hub.subscribe(after: nil)
    let seen = await Self.take(1, from: first)
    // The connection drops; three changes happen meanwhile.
    for n in 1...3 {
      state.set(n)
      await hub.refresh()
    }
    let resumed = await hub.subscribe(after: seen.last?.id)
    state.set(4)
    await hub.refresh()
    let events = await Self.take(4, from: resumed)
    #expect(events.map(\.data) == (1...4).map { "{\"n\":\($0)}" })
    #expect(Set(events.map(\.id)).count == 4)
    #expect(!events.contains { $0.id == seen.last?.id })
  }

  @Test func anIdFromAnotherRunGetsTheNewestState() async {
    let state = State()
    let hub = LiveEventHub { state.current }
    state.set(7)
    await hub.refresh()
    let events = await Self.take(1, from: await hub.subscribe(after: "elsewhere-3"))
    #expect(events.map(\.data) == ["{\"n\":7}"])
  }
}

import Foundation
import HeraldContracts
import HeraldCore
import HeraldSQLite
import HeraldTestSupport
import Testing

@testable import HeraldServer

/// The live view's event stream over a real socket: a change reaches an open stream at once, and a
/// stream dropped mid-way and reopened with `Last-Event-ID` misses nothing and repeats nothing.
@Suite struct LiveStreamTests {
  /// What an event says of the running block: its tally (`1/4 erledigt`) and current task.
  static func running(_ event: EventStreamReader.Event?) -> (tally: String?, task: String?) {
    guard let data = event?.data.data(using: .utf8),
      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let running = object["running"] as? [String: Any]
    else { return (nil, nil) }
    return (running["tally"] as? String, running["task"] as? String)
  }

  @Test func aDroppedStreamResumesWithoutLossOrRepeat() async throws {
    let harness = try ServerHarness(port: 0)
    defer { harness.remove() }
    let now = ServerHarness.now
    for index in 1...4 { try harness.store.addTask(id: "t\(index)", title: "Task \(index)") }
    try harness.store.addFocusBlock(
      id: "b1", title: "Deep Work", start: now - 600, end: now + 3000, taskIDs: ["t1", "t2", "t3", "t4"])
    try await harness.live { port in
      let first = try EventStreamReader(port: port)
      let opening = await first.wait(for: 1)
      let initial = try #require(opening.first)
      #expect(Self.running(initial).tally == "0/4 erledigt")
      // A task completed through the API reaches the open stream.
      _ = try await RawHTTPClient.request(
        port: port, "POST", "/api/v1/tasks/t1/complete",
        headers: [("Host", "127.0.0.1"), ("Authorization", "Bearer \(harness.token)")])
      let afterFirst = await first.wait(for: 2)
      #expect(Self.running(afterFirst.last).tally == "1/4 erledigt")
      let lastSeen = try #require(afterFirst.last)

      // The connection drops; two more tasks are completed meanwhile, one by another process. A
      // witness stream that stays open tells when each change has become an event, so the two are
      // not merged into one snapshot (events are states; two changes in one poll are one state).
      let witness = try EventStreamReader(port: port)
      _ = await witness.wait(for: 1)
      first.drop()
      _ = try await RawHTTPClient.request(
        port: port, "POST", "/api/v1/tasks/t2/complete",
        headers: [("Host", "127.0.0.1"), ("Authorization", "Bearer \(harness.token)")])
      #expect(Self.running(await witness.wait(for: 2).last).tally == "2/4 erledigt")
      _ = try SQLiteStore(path: harness.directory.path("herald.sqlite")).completeTask(id: "t3")
      // The other process's change is noticed by polling the store (every 200 ms).
      #expect(Self.running(await witness.wait(for: 3).last).tally == "3/4 erledigt")
      witness.drop()

      let resumed = try EventStreamReader(port: port, lastEventID: lastSeen.id)
      let replayed = await resumed.wait(for: 2)
      #expect(replayed.map { Self.running($0).tally } == ["2/4 erledigt", "3/4 erledigt"])
      _ = try await RawHTTPClient.request(
        port: port, "POST", "/api/v1/tasks/t4/complete",
        headers: [("Host", "127.0.0.1"), ("Authorization", "Bearer \(harness.token)")])
      let all = await resumed.wait(for: 3)
      #expect(all.count == 3)
      #expect(Self.running(all.last).task == "alle Tasks erledigt")
      let ids = [initial.id, lastSeen.id] + all.map(\.id)
      #expect(Set(ids).count == ids.count, "an event was repeated: \(ids)")
      resumed.drop()
    }
  }
}

import Synchronization
import Testing

@testable import HeraldPostgres

/// Writes that come while one is under way go together as the next, led by their first; a write
/// with none under way goes at once; a group holds one write per key.
@Suite(.timeLimit(.minutes(1)))
struct GroupedWritesTests {
  struct Failed: Error, Equatable {}

  /// The groups written, in order, and a gate that holds the first until it is opened.
  final class Log: Sendable {
    private let written = Mutex<[[Int]]>([])
    private let gate: AsyncStream<Void>
    private let opener: AsyncStream<Void>.Continuation
    private let started: AsyncStream<Void>.Continuation
    let starts: AsyncStream<Void>

    init() {
      (gate, opener) = AsyncStream.makeStream(of: Void.self)
      (starts, started) = AsyncStream.makeStream(of: Void.self)
    }

    /// Records `items`, and holds the first group until `open()`; outcomes are the items doubled.
    func run(_ items: [Int]) async throws -> [Int] {
      try Task.checkCancellation()
      let first = written.withLock { written in
        written.append(items)
        return written.count == 1
      }
      started.yield()
      if first {
        for await _ in gate { break }
      }
      if items.contains(-1) { throw Failed() }
      return items.map { $0 * 2 }
    }

    func open() { opener.yield() }
    var groups: [[Int]] { written.withLock { $0 } }
  }

  @Test func aWriteWithNoneUnderWayGoesAloneAtOnce() async throws {
    let writes = GroupedWrites<Int, Int>(key: { Int64($0) })
    let log = Log()
    log.open()
    #expect(try await writes.write(4, log.run) == 8)
    #expect(try await writes.write(5, log.run) == 10)
    #expect(log.groups == [[4], [5]])
  }

  /// While 1 is written, 2, 3, another 2 and 4 come: 2, 3 and 4 go as one group (in the order
  /// they came), the second 2 after them; each gets its own outcome.
  @Test func writesThatComeMeanwhileGoTogetherOnePerKey() async throws {
    let writes = GroupedWrites<Int, Int>(key: { Int64($0) })
    let log = Log()
    var starts = log.starts.makeAsyncIterator()
    try await withThrowingTaskGroup(of: (Int, Int).self) { group in
      group.addTask { (1, try await writes.write(1, log.run)) }
      await starts.next()
      for (index, item) in [2, 3, 2, 4].enumerated() {
        group.addTask { (item, try await writes.write(item, log.run)) }
        // Queued before the next comes: the order is the test's.
        while writes.waiting <= index { await Task.yield() }
      }
      log.open()
      var outcomes: [Int: [Int]] = [:]
      for try await (item, outcome) in group { outcomes[item, default: []].append(outcome) }
      #expect(outcomes == [1: [2], 2: [4, 4], 3: [6], 4: [8]])
    }
    #expect(log.groups == [[1], [2, 3, 4], [2]])
  }

  /// A group's failure is each of its writes' error, and the next group goes on.
  @Test func aGroupsFailureFailsItsWritesAndNotTheNext() async throws {
    let writes = GroupedWrites<Int, Int>(key: { Int64($0) })
    let log = Log()
    var starts = log.starts.makeAsyncIterator()
    let first = Task { try await writes.write(1, log.run) }
    await starts.next()
    var failing: [Task<Int, any Error>] = []
    for (index, item) in [-1, 7].enumerated() {
      failing.append(Task { try await writes.write(item, log.run) })
      // Queued before the next comes: the order is the test's.
      while writes.waiting <= index { await Task.yield() }
    }
    log.open()
    #expect(try await first.value == 2)
    for write in failing { await #expect(throws: Failed.self) { try await write.value } }
    #expect(try await writes.write(7, log.run) == 14)
    #expect(log.groups == [[1], [-1, 7], [7]])
  }

  /// The leader's cancellation (its client went away) does not end its group's write.
  @Test func aLeadersCancellationFailsNoWriteOfItsGroup() async throws {
    let writes = GroupedWrites<Int, Int>(key: { Int64($0) })
    let log = Log()
    var starts = log.starts.makeAsyncIterator()
    let first = Task { try await writes.write(1, log.run) }
    await starts.next()
    let leader = Task { try await writes.write(2, log.run) }
    while writes.waiting < 1 { await Task.yield() }
    let follower = Task { try await writes.write(3, log.run) }
    while writes.waiting < 2 { await Task.yield() }
    leader.cancel()
    log.open()
    #expect(try await first.value == 2)
    #expect(try await leader.value == 4)
    #expect(try await follower.value == 6)
    #expect(log.groups == [[1], [2, 3]])
  }
}

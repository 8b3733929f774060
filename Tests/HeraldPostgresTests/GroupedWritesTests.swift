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
    let writes = GroupedWrites<Int64, Int, Int>(key: { Int64($0) })
    let log = Log()
    log.open()
    #expect(try await writes.write(4, log.run) == 8)
    #expect(try await writes.write(5, log.run) == 10)
    #expect(log.groups == [[4], [5]])
  }

  /// `first` written, held by the log's gate, and `items` waiting behind it: each started once
  /// the one before is queued, so the order they queue in is the test's.
  static func queued(_ items: [Int], behind first: Int, _ writes: GroupedWrites<Int64, Int, Int>, _ log: Log)
    async
    -> (first: Task<Int, any Error>, queued: [Task<Int, any Error>])
  {
    var starts = log.starts.makeAsyncIterator()
    let written = Task { try await writes.write(first, log.run) }
    await starts.next()
    var queued: [Task<Int, any Error>] = []
    for (index, item) in items.enumerated() {
      queued.append(Task { try await writes.write(item, log.run) })
      while writes.waiting <= index { await Task.yield() }
    }
    return (written, queued)
  }

  /// While 1 is written, 2, 3, another 2 and 4 come: 2, 3 and 4 go as one group (in the order
  /// they came), the second 2 after them; each gets its own outcome.
  @Test func writesThatComeMeanwhileGoTogetherOnePerKey() async throws {
    let writes = GroupedWrites<Int64, Int, Int>(key: { Int64($0) })
    let log = Log()
    let (first, queued) = await Self.queued([2, 3, 2, 4], behind: 1, writes, log)
    log.open()
    #expect(try await first.value == 2)
    var outcomes: [Int] = []
    for write in queued { outcomes.append(try await write.value) }
    #expect(outcomes == [4, 6, 4, 8])
    #expect(log.groups == [[1], [2, 3, 4], [2]])
  }

  /// A group's failure is each of its writes' error, and the next group goes on.
  @Test func aGroupsFailureFailsItsWritesAndNotTheNext() async throws {
    let writes = GroupedWrites<Int64, Int, Int>(key: { Int64($0) })
    let log = Log()
    let (first, failing) = await Self.queued([-1, 7], behind: 1, writes, log)
    log.open()
    #expect(try await first.value == 2)
    for write in failing { await #expect(throws: Failed.self) { try await write.value } }
    #expect(try await writes.write(7, log.run) == 14)
    #expect(log.groups == [[1], [-1, 7], [7]])
  }

  /// The leader's cancellation (its client went away) does not end its group's write.
  @Test func aLeadersCancellationFailsNoWriteOfItsGroup() async throws {
    let writes = GroupedWrites<Int64, Int, Int>(key: { Int64($0) })
    let log = Log()
    let (first, group) = await Self.queued([2, 3], behind: 1, writes, log)
    group[0].cancel()
    log.open()
    #expect(try await first.value == 2)
    #expect(try await group[0].value == 4)
    #expect(try await group[1].value == 6)
    #expect(log.groups == [[1], [2, 3]])
  }
}

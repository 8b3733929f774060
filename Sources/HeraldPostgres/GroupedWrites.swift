import Synchronization

/// Writes of different users that arrive while one is under way, sent together as the next one:
/// one statement and one commit for the group (group commit), on the connection of the group's
/// first, which leads it. A write that finds none under way goes at once, alone, so grouping adds
/// no wait; it only joins writes that would have queued for the database. Adding a task through
/// the API spent more than half of PostgreSQL's CPU a request outside its statements' execution:
/// on round trips and the commit.
///
/// One group is written at a time: with two or four at once, adds through the API on PostgreSQL
/// were no faster and PostgreSQL spent more a request (the groups were smaller). Where nothing
/// but the database works (the `changes` benchmark's eight users adding through the store), two
/// at once were faster: one write at a time keeps the statements on one of PostgreSQL's cores.
/// Whole replaces of users' data (the same benchmark, 32 at once) were slower two groups at a time
/// (smaller groups, and PostgreSQL spent more a user).
///
/// A group holds at most one write per `key` (a user): the statement reads what it writes, and a
/// user's writes follow each other, each from the version the one before left. A later one waits
/// for the next group.
final class GroupedWrites<Key: Hashable & Sendable, Item: Sendable, Outcome: Sendable>: Sendable {
  private let key: @Sendable (Item) -> Key
  private let state = Mutex<State>(State())

  private struct Waiting: Sendable {
    let item: Item
    let continuation: CheckedContinuation<Turn, Never>
  }

  /// What a waiting write is woken for: to lead a group (itself first), or with its outcome.
  private enum Turn: Sendable {
    case lead([Waiting])
    case done(Result<Outcome, any Error>)
  }

  private struct State {
    var busy = false
    var queue: [Waiting] = []
  }

  init(key: @escaping @Sendable (Item) -> Key) {
    self.key = key
  }

  /// `item`'s outcome: written alone or in a group, by whichever `run` leads it. `run` writes
  /// the items it is given in one statement and returns an outcome for each, in their order; for
  /// a group of more than one it runs in a task of its own, so a leader's cancellation (its
  /// client gone) fails no other write of its group.
  func write(_ item: Item, _ run: @escaping @Sendable ([Item]) async throws -> [Outcome]) async throws
    -> Outcome
  {
    let turn = await withCheckedContinuation { continuation in
      let waiting = Waiting(item: item, continuation: continuation)
      let leads = state.withLock { state in
        guard state.busy else {
          state.busy = true
          return true
        }
        state.queue.append(waiting)
        return false
      }
      if leads { continuation.resume(returning: .lead([waiting])) }
    }
    switch turn {
    case .done(let outcome):
      return try outcome.get()
    case .lead(let group):
      let items = group.map(\.item)
      let write = { () async -> Result<[Outcome], any Error> in
        do {
          let outcomes = try await run(items)
          precondition(outcomes.count == items.count, "an outcome for each write of the group")
          return .success(outcomes)
        } catch {
          return .failure(error)
        }
      }
      // Alone, the leader's own task: its cancellation is no one else's.
      let outcomes = group.count == 1 ? await write() : await Task(operation: write).value
      for (index, member) in group.enumerated().dropFirst() {
        member.continuation.resume(returning: .done(outcomes.map { $0[index] }))
      }
      handOver()
      return try outcomes.get()[0]
    }
  }

  /// The writes waiting for a group, for tests.
  var waiting: Int { state.withLock { $0.queue.count } }

  /// The writes that queued meanwhile go as the next group, led by the first; with none, the
  /// next write goes at once.
  private func handOver() {
    let next = state.withLock { state -> [Waiting]? in
      guard !state.queue.isEmpty else {
        state.busy = false
        return nil
      }
      var group: [Waiting] = []
      var keys: Set<Key> = []
      var later: [Waiting] = []
      for waiting in state.queue {
        if keys.insert(key(waiting.item)).inserted { group.append(waiting) } else { later.append(waiting) }
      }
      state.queue = later
      return group
    }
    if let next { next[0].continuation.resume(returning: .lead(next)) }
  }
}

import Synchronization

/// Writes of different users that arrive while one is under way, sent together as the next one:
/// one statement and one commit for the group (group commit), with the `run` of the group's first
/// (on its connection). A write that finds none under way goes at once, alone, so grouping adds no
/// wait; it only joins writes that would have queued for the database. Adding a task through the
/// API spent more than half of PostgreSQL's CPU a request outside its statements' execution: on
/// round trips and the commit.
///
/// One task writes the groups, one after another, for as long as writes keep coming: each group is
/// formed the moment the one before is answered and written from the same task, on the event loop
/// of its first write's connection (`executor`), rather than handed from one waiting request to the
/// next — a hop through each request's task between the answer and the next statement. Every
/// write is made by that task, not by its request's: a request cancelled (its client gone) cancels
/// no write, its own or its group's.
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
    let executor: (any TaskExecutor)?
    let run: @Sendable ([Item]) async throws -> [Outcome]
    let continuation: CheckedContinuation<Result<Outcome, any Error>, Never>
  }

  private struct State {
    /// Whether the writing task runs: it takes every write queued before it stops.
    var writing = false
    var queue: [Waiting] = []

    /// The next group: the first waiting write of each key, in the order they came, the rest
    /// left queued; `nil` (and the writing over) when none waits.
    mutating func nextGroup(_ key: (Item) -> Key) -> [Waiting]? {
      guard !queue.isEmpty else {
        writing = false
        return nil
      }
      var group: [Waiting] = []
      var keys: Set<Key> = []
      var later: [Waiting] = []
      for waiting in queue {
        if keys.insert(key(waiting.item)).inserted { group.append(waiting) } else { later.append(waiting) }
      }
      queue = later
      return group
    }
  }

  init(key: @escaping @Sendable (Item) -> Key) {
    self.key = key
  }

  /// `item`'s outcome: written alone or in a group. `run` writes the items it is given in one
  /// statement and returns an outcome for each, in their order; a group is written with its first
  /// item's `run`, preferring that item's `executor` (its connection's event loop).
  func write(
    _ item: Item, on executor: (any TaskExecutor)? = nil,
    _ run: @escaping @Sendable ([Item]) async throws -> [Outcome]
  ) async throws -> Outcome {
    let outcome = await withCheckedContinuation { continuation in
      let first = state.withLock { state -> [Waiting]? in
        state.queue.append(Waiting(item: item, executor: executor, run: run, continuation: continuation))
        guard !state.writing else { return nil }
        state.writing = true
        return state.nextGroup(key)
      }
      if let first { Task(executorPreference: first[0].executor) { await self.writeGroups(from: first) } }
    }
    return try outcome.get()
  }

  /// Writes `group`, then each group that queued meanwhile, until none waits.
  private func writeGroups(from group: [Waiting]) async {
    var group = group
    while true {
      let items = group.map(\.item)
      let outcomes = await withTaskExecutorPreference(group[0].executor) {
        do {
          let outcomes = try await group[0].run(items)
          precondition(outcomes.count == items.count, "an outcome for each write of the group")
          return Result<[Outcome], any Error>.success(outcomes)
        } catch {
          return .failure(error)
        }
      }
      for (index, member) in group.enumerated() {
        member.continuation.resume(returning: outcomes.map { $0[index] })
      }
      guard let next = state.withLock({ $0.nextGroup(key) }) else { return }
      group = next
    }
  }

  /// The writes waiting for a group, for tests.
  var waiting: Int { state.withLock { $0.queue.count } }
}

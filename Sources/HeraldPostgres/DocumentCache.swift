import HeraldCore
import Synchronization

/// Users' data as last read or written by this process, each with the data version it had: the
/// documents without task rows that adding a task plans with and a worker decides with, beside the
/// tasks its rows name (`PostgresStore.documents`; a write happens only while the version is still
/// the cached one, a worker takes one only at the version just read), and the whole data the
/// server's reads take (`PostgresStore.states`; taken only at the version just read). Every change of a user's
/// data bumps the version, so neither is ever used stale, and any number of processes may cache.
///
/// Bounded by users and by what their data holds: past `capacity` users, or `budget` items
/// (focus blocks, tasks, waypoints; one for the rest of a user's data), entries make room for the
/// next (which ones does not matter; a user who is gone from the cache costs one read). A user
/// whose data alone is past the budget is not kept.
final class DocumentCache: Sendable {
  struct Entry: Sendable {
    var document: PlanningState
    var version: Int64

    /// The entry once a write of this process changed the user's data at `version` (every change
    /// bumps it by one) and left the document as it was (adding a task writes only rows).
    var afterWrite: Entry { Entry(document: document, version: version + 1) }

    /// About what the document takes in memory, in items.
    var weight: Int {
      1 + document.focusBlocks.count + document.tasks.count
        + (document.routes ?? []).reduce(0) { $0 + $1.waypoints.count }
    }
  }

  let capacity: Int
  let budget: Int
  private let entries = Mutex<Held>(Held())

  private struct Held {
    var byUser: [Int64: Entry] = [:]
    var weight = 0

    mutating func remove(_ user: Int64) {
      weight -= byUser.removeValue(forKey: user)?.weight ?? 0
    }
  }

  /// 4 096 users and 250 000 items (some tens of megabytes) by default.
  init(capacity: Int = 4_096, budget: Int = 250_000) {
    self.capacity = capacity
    self.budget = budget
  }

  func entry(ofUser user: Int64) -> Entry? {
    entries.withLock { $0.byUser[user] }
  }

  func store(_ entry: Entry, ofUser user: Int64) {
    let weight = entry.weight
    entries.withLock { entries in
      entries.remove(user)
      guard weight <= budget else { return }
      while entries.byUser.count >= capacity || entries.weight + weight > budget,
        let any = entries.byUser.keys.first
      {
        entries.remove(any)
      }
      entries.byUser[user] = entry
      entries.weight += weight
    }
  }

  func remove(user: Int64) {
    entries.withLock { $0.remove(user) }
  }

  /// The users held and their items, for tests.
  var held: (users: Int, items: Int) { entries.withLock { ($0.byUser.count, $0.weight) } }
}

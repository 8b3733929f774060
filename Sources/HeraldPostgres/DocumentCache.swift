import HeraldCore
import Synchronization

/// The users' documents (their data without task rows) as last read or written by this process,
/// each with the data version it had: adding a task plans with the cached one and skips a round
/// trip. It can never plan with stale data, since the write happens only while the user's
/// version is still the cached one (every change of a document bumps it); when it is not, the
/// caller reads the document again. So any number of processes may cache at once.
///
/// Bounded: past `capacity` users, one entry makes room for the next (which one does not matter;
/// a user who is gone from the cache costs one read).
final class DocumentCache: Sendable {
  struct Entry: Sendable {
    var document: PlanningState
    var version: Int64

    /// The entry once a write of this process changed the user's data at `version` (every change
    /// bumps it by one) and left the document as it was (adding a task writes only rows).
    var afterWrite: Entry { Entry(document: document, version: version + 1) }
  }

  let capacity: Int
  private let entries = Mutex<[Int64: Entry]>([:])

  init(capacity: Int = 4_096) {
    self.capacity = capacity
  }

  func entry(ofUser user: Int64) -> Entry? {
    entries.withLock { $0[user] }
  }

  func store(_ entry: Entry, ofUser user: Int64) {
    entries.withLock { entries in
      if entries[user] == nil, entries.count >= capacity, let any = entries.keys.first {
        entries[any] = nil
      }
      entries[user] = entry
    }
  }

  func remove(user: Int64) {
    _ = entries.withLock { $0.removeValue(forKey: user) }
  }
}

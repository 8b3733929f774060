import Foundation
import Synchronization

/// The users of API tokens as this process last looked them up, by the token's SHA-256: every API
/// request of `herald serve --postgres` needs its token's user, and a round trip for it cost a
/// third of a task's creation (`docs/benchmarks.md`, "The token's user kept").
///
/// Used only while this process listens for changes of tokens and users
/// (`PostgresStore.keepTokensCurrent()`, on `PostgresSchema.accountsChannel`, which triggers
/// notify from every process's change): each notification forgets every entry, and while not
/// listening — before the first `LISTEN`, and after its connection is lost — nothing is taken
/// from the cache or put in it. A look-up that began before a notification is not stored after
/// it (`generation`), so a change committed meanwhile is never hidden by an older read.
/// Tokens not found are not kept: a token made later works at once.
final class TokenCache: Sendable {
  let capacity: Int
  private let held = Mutex<Held>(Held())

  private struct Held {
    var users: [Data: HeraldUser] = [:]
    /// Bumped by every forgetting: a look-up stores its result only if unchanged since it began.
    var generation: UInt64 = 0
    var listening = false
  }

  /// 4 096 tokens by default.
  init(capacity: Int = 4_096) {
    self.capacity = capacity
  }

  /// The user of the token whose hash is `hash`, if known while listening.
  func user(forHash hash: Data) -> HeraldUser? {
    held.withLock { $0.listening ? $0.users[hash] : nil }
  }

  /// What `store(_:forHash:since:)` needs from before the look-up.
  var generation: UInt64 { held.withLock { $0.generation } }

  /// Keeps `user` as the user of `hash`, unless the cache forgot everything since `generation` was
  /// read (a change may have come after the look-up read the user) or is not listening.
  func store(_ user: HeraldUser, forHash hash: Data, since generation: UInt64) {
    held.withLock { held in
      guard held.listening, held.generation == generation else { return }
      if held.users.count >= capacity, held.users[hash] == nil, let any = held.users.keys.first {
        held.users[any] = nil
      }
      held.users[hash] = user
    }
  }

  /// Forgets every entry; `listening` says whether the cache may be used from now on.
  func forgetAll(listening: Bool) {
    held.withLock { held in
      held.users = [:]
      held.generation &+= 1
      held.listening = listening
    }
  }
}

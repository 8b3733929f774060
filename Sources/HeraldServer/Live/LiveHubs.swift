import Foundation
import HeraldContracts
import HeraldCore
import HeraldRuntime
import HeraldSQLite
import Synchronization

/// The live events of a server for many users: one `LiveEventHub` per user whose live page is
/// open, fed from that user's data only. A change through this server refreshes the user's hub at
/// once (`ChangeSignal`); a change by another process (another `serve`, `herald import --user`)
/// is noticed by `poll()` through the user's data version, as `LiveRefreshService` does for one.
actor LiveHubs {
  /// One user's hub and the snapshot it sends, computed outside the hub (the store is async).
  struct Feed: Sendable {
    let hub: LiveEventHub
    let latest: LatestSnapshot
    let store: any UserData
    let zone: Zone
    var version: Int?
  }

  let clock: any HeraldClock
  private var feeds: [String: Feed] = [:]

  init(clock: any HeraldClock) { self.clock = clock }

  /// The hub of `account`'s user, made (with its first snapshot) when first asked for.
  func hub(for account: Account) async throws -> LiveEventHub {
    if let feed = feeds[account.name] { return feed.hub }
    let latest = LatestSnapshot()
    let feed = Feed(
      hub: LiveEventHub { try latest.read() }, latest: latest, store: account.store,
      zone: try account.timeZone())
    feeds[account.name] = feed
    await refresh(account.name)
    return feed.hub
  }

  /// Recomputes the user's snapshot and sends it when it changed; nothing for a user without an
  /// open live page.
  func refresh(_ name: String) async {
    guard let feed = feeds[name] else { return }
    do {
      let version = try await feed.store.dataVersion()
      let state = try await feed.store.planningState(timeZone: feed.zone)
      // Two refreshes at once may finish out of order: an older read never replaces a newer one.
      if let seen = feeds[name]?.version, version < seen { return }
      feeds[name]?.version = version
      feed.latest.store(
        LiveSnapshot(state: state, now: clock.now()).json(
          texts: PageTexts(language: state.language), zone: feed.zone))
    } catch {
      return
    }
    await feed.hub.refresh()
  }

  /// Refreshes every user whose data version moved since, or every one when `all` (a block
  /// starting or ending by the clock).
  func poll(all: Bool = false) async {
    for (name, feed) in feeds {
      guard let version = try? await feed.store.dataVersion() else { continue }
      if all || version != feed.version { await refresh(name) }
    }
  }

  /// Tells every open stream that the connection is alive.
  func keepalive() async {
    for feed in feeds.values { await feed.hub.keepalive() }
  }
}

/// The newest snapshot of one user, read synchronously by their hub.
final class LatestSnapshot: Sendable {
  private let value = Mutex<String?>(nil)

  func store(_ snapshot: String) { value.withLock { $0 = snapshot } }

  func read() throws -> String {
    guard let snapshot = value.withLock({ $0 }) else { throw NoSnapshotYet() }
    return snapshot
  }

  struct NoSnapshotYet: Error {}
}

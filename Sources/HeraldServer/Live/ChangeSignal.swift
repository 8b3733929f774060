/// Told by the API and the pages after they change the store, so the live events go out at once
/// (changes by other processes are noticed by polling, a little later). Awaited before the
/// request is answered: a client that saw its change succeed knows the event for it was sent, and
/// two quick changes give two events, never one that skips the state between them.
///
/// With many users, the request's user's hub is refreshed (their `Account.current`).
struct ChangeSignal: Sendable {
  let hub: LiveEventHub
  var hubs: LiveHubs?

  init(hub: LiveEventHub, hubs: LiveHubs? = nil) {
    self.hub = hub
    self.hubs = hubs
  }

  func signal() async {
    if let hubs {
      if let account = Account.current { await hubs.refresh(account.name) }
      return
    }
    await hub.refresh()
  }
}

/// Told by the API and the pages after they change the store, so the live events go out at once
/// (changes by other processes are noticed by polling, a little later).
struct ChangeSignal: Sendable {
  let hub: LiveEventHub

  func signal() {
    let hub = hub
    Task { await hub.refresh() }
  }
}

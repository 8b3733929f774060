/// Told by the API and the pages after they change the store, so the live events go out at once
/// (changes by other processes are noticed by polling, a little later). Awaited before the
/// request is answered: a client that saw its change succeed knows the event for it was sent, and
/// two quick changes give two events, never one that skips the state between them.
struct ChangeSignal: Sendable {
  let hub: LiveEventHub

  func signal() async {
    await hub.refresh()
  }
}

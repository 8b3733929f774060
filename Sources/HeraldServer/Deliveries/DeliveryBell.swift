/// Rings for a user when workers have recorded new deliveries for them, so each open delivery
/// stream of that user reads the new ones at once instead of polling.
///
/// A stream reads `generation(of:)` before it queries, then waits for a later one: a ring that
/// comes between its query and its wait is not lost.
actor DeliveryBell {
  private var generations: [String: Int] = [:]
  private var waiters: [String: [Int: CheckedContinuation<Void, Never>]] = [:]
  private var nextWaiter = 0
  private(set) var isFinished = false

  /// The number of rings for `user` so far.
  func generation(of user: String) -> Int { generations[user, default: 0] }

  /// Rings for these users.
  func ring(_ users: [String]) {
    for user in users { ring(user) }
  }

  /// Rings for every user (after the announcements may have been missed: a lost connection).
  func ringAll() {
    for user in waiters.keys { ring(user) }
  }

  /// Wakes every stream for good: the server is shutting down.
  func finish() {
    isFinished = true
    for user in waiters.keys { ring(user) }
  }

  /// Returns once `user` has rung after `generation`, or after `timeout`, or at shutdown;
  /// whether it rang (or shut down).
  func wait(for user: String, after generation: Int, timeout: Duration) async -> Bool {
    if isFinished || generations[user, default: 0] > generation { return true }
    let id = nextWaiter
    nextWaiter += 1
    let timer = Task { [weak self] in
      try? await Task.sleep(for: timeout)
      await self?.resume(user, id)
    }
    await withCheckedContinuation { waiters[user, default: [:]][id] = $0 }
    timer.cancel()
    return isFinished || generations[user, default: 0] > generation
  }

  private func ring(_ user: String) {
    generations[user, default: 0] += 1
    for (_, waiter) in waiters.removeValue(forKey: user) ?? [:] { waiter.resume() }
  }

  private func resume(_ user: String, _ id: Int) {
    waiters[user]?.removeValue(forKey: id)?.resume()
    if waiters[user]?.isEmpty == true { waiters[user] = nil }
  }
}

import NIOCore
import Synchronization

/// The deadlines of the calls holding connections (`DatabaseConnections.Limits.callTimeout`),
/// watched by one timer: when it fires it closes the connections of the calls past theirs and is
/// armed again for the next deadline. A timer of its own for every call — armed and cancelled from
/// another thread, each a wake-up of the connection's event loop — was 2.7 % of `herald serve`'s
/// CPU a task created through the API; a call now only writes its deadline down and crosses it
/// out, and a busy process arms the timer about once a `callTimeout`.
public final class CallDeadlines: Sendable {
  private struct Call {
    let connection: DatabaseConnection
    let deadline: NIODeadline
  }

  private struct State {
    var next = 0
    var calls: [Int: Call] = [:]
    var armed = false
  }

  private let timeout: TimeAmount
  private let state = Mutex(State())

  public init(timeout: Duration) {
    self.timeout = TimeAmount(timeout)
  }

  /// Watches a call on `connection` from now; `end` with the number returned.
  public func begin(on connection: DatabaseConnection) -> Int {
    let call = Call(connection: connection, deadline: .now() + timeout)
    let (id, first) = state.withLock { state in
      state.next += 1
      state.calls[state.next] = call
      defer { state.armed = true }
      return (state.next, !state.armed)
    }
    if first { arm(for: call) }
    return id
  }

  /// The call `id` ended (its connection is no longer watched).
  public func end(_ id: Int) {
    state.withLock { _ = $0.calls.removeValue(forKey: id) }
  }

  private func arm(for call: Call) {
    call.connection.eventLoop.scheduleTask(deadline: call.deadline) { [weak self] in self?.expire() }
  }

  /// Closes the connections of the calls past their deadline, which ends whatever they wait on,
  /// and arms the timer for the earliest deadline left.
  private func expire() {
    let now = NIODeadline.now()
    let (expired, next) = state.withLock { state in
      let expired = state.calls.filter { $0.value.deadline <= now }
      for id in expired.keys { state.calls[id] = nil }
      let next = state.calls.values.min { $0.deadline < $1.deadline }
      state.armed = next != nil
      return (expired.values.map(\.connection), next)
    }
    for connection in expired { connection.close() }
    if let next { arm(for: next) }
  }
}

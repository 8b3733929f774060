import HeraldSystem
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// Kept-alive HTTP/1.1 connections to webhook receivers: at most `limit` open to each receiver,
/// the most recently used taken first (so a quiet hour lets the rest time out), and a request that
/// finds none free waits its turn within its own deadline. Connections idle longer than
/// `idleTimeout` are closed as others come and go.
final class ReceiverConnections: Sendable {
  /// A receiver, as connections are shared: by host and port.
  struct Address: Hashable, Sendable {
    var host: String
    var port: Int
  }

  private struct Waiter {
    let id: Int
    let continuation: CheckedContinuation<ReceiverConnection?, any Error>
    var deadline: Scheduled<Void>?
  }

  private struct Pool {
    /// Free connections, the least recently used first, with when each became free.
    var idle: [(connection: ReceiverConnection, since: NIODeadline)] = []
    /// Connections open or being opened.
    var open = 0
    var waiters = CircularBuffer<Waiter>()
  }

  private struct State {
    var pools: [Address: Pool] = [:]
    var nextWaiter = 0
    var closed = false

    /// Changes the pool of `address` in place (a copy out of the dictionary would copy its
    /// arrays at every change).
    mutating func pool<Result>(_ address: Address, _ change: (inout Pool) throws -> Result) rethrows -> Result
    {
      try change(&pools[address, default: Pool()])
    }
  }

  private let state = Mutex(State())
  private let group: any EventLoopGroup
  private let limit: Int
  private let idleTimeout: TimeAmount
  private let bodyLimit: Int
  /// Which addresses receivers may be at (`OutboundAddress`).
  private let policy: OutboundAddress.Policy

  init(
    group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton, limit: Int,
    idleTimeout: TimeAmount = .seconds(60), bodyLimit: Int = 64 * 1024, policy: OutboundAddress.Policy
  ) {
    self.group = group
    self.policy = policy
    self.limit = max(1, limit)
    self.idleTimeout = idleTimeout
    self.bodyLimit = bodyLimit
  }

  /// A connection to `address` for one exchange, and whether it carried one before; give it back
  /// with `release`. Fails with `ExchangeFailure.timedOut` when none is free or opened by
  /// `deadline`, and with the connection's error when the receiver cannot be reached.
  func acquire(_ address: Address, deadline: NIODeadline) async throws -> (ReceiverConnection, reused: Bool) {
    enum Step {
      case use(ReceiverConnection)
      case connect
      case wait
    }
    let limit = limit
    let step: Step = try state.withLock { state in
      guard !state.closed else { throw CancellationError() }
      return state.pool(address) { pool in
        while let (connection, _) = pool.idle.popLast() {
          if connection.isOpen { return .use(connection) }
          pool.open -= 1
        }
        guard pool.open < limit else { return .wait }
        pool.open += 1
        return .connect
      }
    }
    switch step {
    case .use(let connection):
      return (connection, true)
    case .connect:
      return (try await connect(address, deadline: deadline), false)
    case .wait:
      // Handed a connection another exchange is done with, or the room one left by closing.
      if let connection = try await waitForTurn(at: address, deadline: deadline) { return (connection, true) }
      return (try await connect(address, deadline: deadline), false)
    }
  }

  /// Gives back a connection `acquire` handed out: to the next waiting request, or kept for the
  /// next one when `reusable`; closed otherwise (its room goes to the next waiting request).
  func release(_ connection: ReceiverConnection, to address: Address, reusable: Bool) {
    let now = NIODeadline.now()
    var closing: [ReceiverConnection] = []
    let idleTimeout = idleTimeout
    let handed: (Waiter, ReceiverConnection?)? = state.withLock { state in
      let closed = state.closed
      return state.pool(address) { pool in
        while let first = pool.idle.first, first.since + idleTimeout < now {
          closing.append(pool.idle.removeFirst().connection)
          pool.open -= 1
        }
        let kept = reusable && connection.isOpen && !closed
        if !kept {
          closing.append(connection)
          pool.open -= 1
        }
        guard !pool.waiters.isEmpty, !closed else {
          if kept { pool.idle.append((connection, now)) }
          return nil
        }
        // The next request gets the connection, or the room it leaves (it opens one itself).
        if !kept { pool.open += 1 }
        return (pool.waiters.removeFirst(), kept ? connection : nil)
      }
    }
    for connection in closing { connection.close() }
    guard let (waiter, connection) = handed else { return }
    waiter.deadline?.cancel()
    waiter.continuation.resume(returning: connection)
  }

  /// Closes every free connection and fails the waiting requests; connections in use are closed
  /// as they are given back.
  func shutdown() {
    let (idle, waiters) = state.withLock { state in
      state.closed = true
      let idle = state.pools.values.flatMap { $0.idle.map(\.connection) }
      let waiters = state.pools.values.flatMap { Array($0.waiters) }
      state.pools = [:]
      return (idle, waiters)
    }
    for connection in idle { connection.close() }
    for waiter in waiters {
      waiter.deadline?.cancel()
      waiter.continuation.resume(throwing: CancellationError())
    }
  }

  /// Waits to be handed a connection (or, as nil, the room to open one) until `deadline`.
  private func waitForTurn(at address: Address, deadline: NIODeadline) async throws -> ReceiverConnection? {
    let id = state.withLock { state in
      defer { state.nextWaiter += 1 }
      return state.nextWaiter
    }
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let added = state.withLock { state in
          guard !state.closed else { return false }
          state.pools[address, default: Pool()].waiters.append(Waiter(id: id, continuation: continuation))
          return true
        }
        guard added else { return continuation.resume(throwing: CancellationError()) }
        // The timer is set once the waiter is in the queue, so that it always finds it or finds it
        // served; it is cancelled when the waiter is served first.
        let timer = group.any().scheduleTask(deadline: deadline) { [self] in
          giveUp(waiter: id, at: address, with: ExchangeFailure.timedOut(connecting: false))
        }
        let served = state.withLock { state in
          guard let index = state.pools[address]?.waiters.firstIndex(where: { $0.id == id }) else {
            return true
          }
          state.pools[address]?.waiters[index].deadline = timer
          return false
        }
        if served { timer.cancel() }
      }
    } onCancel: {
      giveUp(waiter: id, at: address, with: CancellationError())
    }
  }

  private func giveUp(waiter id: Int, at address: Address, with error: any Error) {
    let waiter: Waiter? = state.withLock { state in
      guard let index = state.pools[address]?.waiters.firstIndex(where: { $0.id == id }) else { return nil }
      return state.pools[address]?.waiters.remove(at: index)
    }
    waiter?.deadline?.cancel()
    waiter?.continuation.resume(throwing: error)
  }

  /// Opens a connection in the room `acquire` took for it; the room is given back on failure.
  private func connect(_ address: Address, deadline: NIODeadline) async throws -> ReceiverConnection {
    let bodyLimit = bodyLimit
    do {
      let target = try await GuardedResolution.address(
        host: address.host, port: address.port, policy: policy)
      let remaining = deadline - .now()
      guard remaining > .zero else { throw ExchangeFailure.timedOut(connecting: true) }
      let channel = try await ClientBootstrap(group: group)
        .connectTimeout(remaining)
        .channelInitializer { channel in
          channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHTTPClientHandlers()
            try channel.pipeline.syncOperations.addHandler(
              ReceiverConnection(channel: channel, bodyLimit: bodyLimit))
          }
        }
        .connect(to: target).get()
      // Gone only when the connection closed meanwhile (its handlers go with it).
      guard let connection = try? await channel.pipeline.handler(type: ReceiverConnection.self).get() else {
        throw ExchangeFailure.closedBeforeAnswer
      }
      return connection
    } catch {
      // Its room goes to the next waiting request, which tries for itself.
      let waiter: Waiter? = state.withLock { state in
        state.pool(address) { pool in
          guard !pool.waiters.isEmpty else {
            pool.open -= 1
            return nil
          }
          return pool.waiters.removeFirst()
        }
      }
      waiter?.deadline?.cancel()
      waiter?.continuation.resume(returning: nil)
      if case ChannelError.connectTimeout = error { throw ExchangeFailure.timedOut(connecting: true) }
      throw error
    }
  }
}

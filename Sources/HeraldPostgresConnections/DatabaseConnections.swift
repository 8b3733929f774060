import Foundation
import Logging
import NIOCore
import NIOPosix
import PostgresNIO
import Synchronization

/// The connections to the database, kept by Herald rather than by PostgresNIO's pool (why:
/// docs/decisions/postgres-connections.md), so that every wait is bounded:
///
/// - connecting takes at most `connectTimeout`, and a refused or failed connection is thrown at
///   once as `DatabaseUnavailable` — the caller (a worker's loop, an HTTP handler answering 503)
///   decides when to try again, so the first call after the server is back reconnects;
/// - a caller waits at most `waitTimeout` for a connection when all `maximumConnections` are busy;
/// - a call holding a connection longer than `callTimeout`, or cancelled, has its connection
///   closed under it, which ends whatever it waited on;
/// - a connection that listens must answer a statement every `listenCheck`, within the same time,
///   or it is closed (`listen`);
/// - `close()` closes every connection, ending every call.
///
/// The database's health is logged once when it becomes unreachable, with the cause, and once
/// when it answers again, with how long it was gone (`DatabaseHealth`).
public final class DatabaseConnections: Sendable {
  public struct Limits: Sendable {
    public var maximumConnections: Int
    public var connectTimeout: Duration
    public var waitTimeout: Duration
    public var callTimeout: Duration
    public var listenCheck: Duration

    public init(
      maximumConnections: Int = 20, connectTimeout: Duration = .seconds(2),
      waitTimeout: Duration = .seconds(4),
      callTimeout: Duration = .seconds(30), listenCheck: Duration = .seconds(5)
    ) {
      self.maximumConnections = maximumConnections
      self.connectTimeout = connectTimeout
      self.waitTimeout = waitTimeout
      self.callTimeout = callTimeout
      self.listenCheck = listenCheck
    }
  }

  private struct Waiter {
    var id: Int
    var continuation: CheckedContinuation<DatabaseConnection?, any Error>
  }

  private struct State {
    var idle: [DatabaseConnection] = []
    var open = 0
    var waiters: [Waiter] = []
    var nextWaiter = 0
    var nextConnectionID = 1
    var closed = false
  }

  public let url: PostgresURL
  public let limits: Limits
  public let logger: Logger
  public let health: DatabaseHealth
  private let deadlines: CallDeadlines
  private let state = Mutex(State())

  public init(url: PostgresURL, limits: Limits = Limits(), logger: Logger) {
    self.url = url
    self.limits = limits
    self.logger = logger
    self.health = DatabaseHealth(logger: logger)
    deadlines = CallDeadlines(timeout: limits.callTimeout)
  }

  /// Runs `body` with a connection of its own; see the type's summary for the bounds.
  /// `bounded: false` is for a connection that listens for notifications as long as it is open.
  public func withConnection<Value: Sendable>(
    bounded: Bool = true, _ body: (DatabaseConnection) async throws -> Value
  ) async throws -> Value {
    let connection = try await acquire()
    // Closing the connection is the one way to end a call PostgresNIO is waiting in.
    let call = bounded ? deadlines.begin(on: connection) : nil
    defer {
      if let call { deadlines.end(call) }
      release(connection)
    }
    do {
      return try await withTaskCancellationHandler {
        try await body(connection)
      } onCancel: {
        connection.close()
      }
    } catch  where DatabaseUnavailable.isConnectionFailure(error) {
      let cause = PostgresProblem.describe(error)
      health.failed(cause)
      throw DatabaseUnavailable(cause: cause)
    }
  }

  /// Holds a connection listening on `channel`, calling `each` with every notification (and
  /// `began` once the `LISTEN` is taken), until the caller is cancelled or the connection ends.
  ///
  /// A listening connection only receives, so one that is no longer heard from — a backend
  /// frozen, a network path that drops packets without a reset — would look like a quiet channel
  /// for ever, and whatever trusts it (a server's kept token users) would trust it for ever. So it
  /// must answer a statement every `limits.listenCheck`, within the same time, or it is closed:
  /// what it may have missed is then at most twice that old.
  public func listen(
    on channel: String, began: @escaping @Sendable () -> Void = {},
    _ each: @escaping @Sendable (PostgresNotification) -> Void
  ) async throws {
    let check = limits.listenCheck
    try await withConnection(bounded: false) { connection in
      try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask { try await connection.listen(on: channel, began: began, each) }
        group.addTask { try await connection.answer(every: check, logger: self.logger) }
        // Whichever ends first ends the other, by closing the connection they share: the one
        // way to end every call on it. An unanswered check is the cause worth telling (the
        // listening call only sees the connection close).
        var failure: (any Error)?
        while let result = await group.nextResult() {
          connection.close()
          group.cancelAll()
          if case .failure(let error) = result, failure == nil || error is DatabaseConnection.Unanswered {
            failure = error
          }
        }
        if let failure = failure as? DatabaseConnection.Unanswered {
          throw DatabaseUnavailable(cause: "\(failure)")
        }
        if let failure { throw failure }
      }
    }
  }

  /// Runs `body` in a transaction; the body's own error (or the commit's) is thrown as it was.
  public func withTransaction<Value: Sendable>(
    logger: Logger, _ body: (DatabaseConnection) async throws -> sending Value
  ) async throws -> Value {
    try await withConnection { connection in try await connection.withTransaction(logger: logger, body) }
  }

  /// Closes every connection and fails every waiter: calls in progress end with an error.
  public func close() {
    let (idle, waiters) = state.withLock { state in
      state.closed = true
      defer {
        state.idle = []
        state.waiters = []
      }
      return (state.idle, state.waiters)
    }
    for connection in idle { connection.close() }
    for waiter in waiters {
      waiter.continuation.resume(throwing: DatabaseUnavailable(cause: "shutting down"))
    }
  }

  /// A connection to use alone until `release`: an idle one, a new one while fewer than the
  /// maximum are open, or the next one released within `waitTimeout`. A caller on an event loop
  /// (a request of `herald serve --postgres`, a worker's delivery) gets an idle connection of
  /// that loop when there is one, and a new one opens there (PostgresNIO's `any()` keeps to the
  /// current loop): its queries are then written and answered without passing between threads.
  private func acquire() async throws -> DatabaseConnection {
    enum Next {
      case use(DatabaseConnection)
      case connect(id: Int)
      case wait
    }
    let here = MultiThreadedEventLoopGroup.currentEventLoop
    let next: Next = try state.withLock { state in
      guard !state.closed else { throw DatabaseUnavailable(cause: "shutting down") }
      let before = state.idle.count
      state.idle.removeAll { $0.isClosed }
      state.open -= before - state.idle.count
      if let here, let index = state.idle.lastIndex(where: { $0.eventLoop === here }) {
        return .use(state.idle.remove(at: index))
      }
      if let connection = state.idle.popLast() { return .use(connection) }
      guard state.open < limits.maximumConnections else { return .wait }
      state.open += 1
      defer { state.nextConnectionID += 1 }
      return .connect(id: state.nextConnectionID)
    }
    switch next {
    case .use(let connection): return connection
    case .connect(let id): return try await connect(id: id)
    case .wait:
      if let connection = try await waitForRelease() { return connection }
      return try await acquire()
    }
  }

  private func connect(id: Int) async throws -> DatabaseConnection {
    var configuration = PostgresConnection.Configuration(
      host: url.host, port: url.port, username: url.user, password: url.password, database: url.database,
      tls: .disable)
    configuration.options.connectTimeout = .nanoseconds(Int64(limits.connectTimeout.nanoseconds))
    do {
      let connection = try await PostgresConnection.connect(
        configuration: configuration, id: id, logger: logger)
      health.answered()
      return DatabaseConnection(connection)
    } catch {
      state.withLock { $0.open -= 1 }
      wakeOneWaiter()
      let cause = PostgresProblem.describe(error)
      health.failed(cause)
      throw DatabaseUnavailable(cause: cause)
    }
  }

  /// Waits for a released connection (nil: a slot was freed, try again), at most `waitTimeout`.
  private func waitForRelease() async throws -> DatabaseConnection? {
    let id = state.withLock { state in
      defer { state.nextWaiter += 1 }
      return state.nextWaiter
    }
    let timer = Task { [limits] in
      try await Task.sleep(for: limits.waitTimeout)
      self.removeWaiter(id)?.resume(
        throwing: DatabaseUnavailable(
          cause: "no connection free within \(limits.waitTimeout) (all \(limits.maximumConnections) busy)"))
    }
    defer { timer.cancel() }
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let closed = state.withLock { state in
          if state.closed || Task.isCancelled { return true }
          state.waiters.append(Waiter(id: id, continuation: continuation))
          return false
        }
        if closed { continuation.resume(throwing: CancellationError()) }
      }
    } onCancel: {
      self.removeWaiter(id)?.resume(throwing: CancellationError())
    }
  }

  private func removeWaiter(_ id: Int) -> CheckedContinuation<DatabaseConnection?, any Error>? {
    state.withLock { state in
      guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
      return state.waiters.remove(at: index).continuation
    }
  }

  private func release(_ connection: DatabaseConnection) {
    let handed: CheckedContinuation<DatabaseConnection?, any Error>? = state.withLock { state in
      if connection.isClosed || state.closed {
        state.open -= 1
        if state.closed { connection.close() }
        return state.waiters.isEmpty ? nil : state.waiters.removeFirst().continuation
      }
      if !state.waiters.isEmpty { return state.waiters.removeFirst().continuation }
      state.idle.append(connection)
      return nil
    }
    // A waiter gets the connection itself, or nil (a slot freed: it connects anew).
    handed?.resume(returning: connection.isClosed ? nil : connection)
  }

  private func wakeOneWaiter() {
    let waiter = state.withLock { state in state.waiters.isEmpty ? nil : state.waiters.removeFirst() }
    waiter?.continuation.resume(returning: nil)
  }
}

extension Duration {
  fileprivate var nanoseconds: Double {
    Double(components.seconds) * 1e9 + Double(components.attoseconds) / 1e9
  }
}

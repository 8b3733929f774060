import Foundation
import Logging
import NIOCore
import PostgresNIO
import Synchronization

/// A connection `DatabaseConnections` lends: PostgresNIO's, with no call that can outlive it.
///
/// A query PostgresNIO hands to a channel that was closed meanwhile waits for ever (seen with 1.33;
/// docs/decisions/postgres-connections.md), and Herald closes connections under their callers on
/// purpose (a call past its time, a cancelled one, a server gone). So every call here runs on a
/// task of its own, and its caller is answered by whichever comes first: the call's result, or the
/// connection's end (`DatabaseUnavailable`). A call that PostgresNIO dropped is left waiting alone.
///
/// That task prefers the connection's event loop (`executor`): the query is written from the loop
/// that owns the channel, without waking it from another thread, and the answer resumes the task
/// where it was read; only the caller's own resumption may cross threads.
public struct DatabaseConnection: Sendable {
  public let connection: PostgresConnection
  private let calls: Calls

  public init(_ connection: PostgresConnection) {
    self.connection = connection
    self.calls = Calls(executor: EventLoopTaskExecutor(connection.eventLoop))
    let calls = calls
    let closeFuture = connection.closeFuture
    closeFuture.whenComplete { _ in
      // No new call starts; those in flight hear PostgresNIO's own word on why (the server closed
      // the connection, say) if it has one, and the end of the connection a moment later if not.
      calls.closing()
      closeFuture.eventLoop.scheduleTask(in: .milliseconds(200)) { calls.failWaiting() }
    }
  }

  /// Whether the connection has closed.
  public var isClosed: Bool { connection.isClosed }

  /// Runs `query` and returns its rows, to read as they arrive.
  @discardableResult
  public func query(
    _ query: PostgresQuery, logger: Logger, file: String = #fileID, line: Int = #line
  ) async throws -> PostgresRowSequence {
    try await calls.run { [connection] in
      try await connection.query(query, logger: logger, file: file, line: line)
    }
  }

  /// Runs `query` as the prepared statement `name` (`PreparedStatementName`) and returns its rows.
  public func query<Name: PreparedStatementName>(
    _ query: PostgresQuery, preparedAs name: Name.Type, logger: Logger, file: String = #fileID,
    line: Int = #line
  ) async throws -> AsyncThrowingMapSequence<PostgresRowSequence, PostgresRow> {
    guard let statement = PreparedQuery<Name>(query) else {
      assertionFailure("\(name) prepared with another text")
      return try await self.query(query, logger: logger, file: file, line: line).map { $0 }
    }
    return try await calls.run { [connection] in
      try await connection.execute(statement, logger: logger, file: file, line: line)
    }
  }

  /// Runs `body` in a transaction: committed when it returns, rolled back when it throws. The
  /// error thrown is the body's own, or the one of `BEGIN` or `COMMIT`.
  public func withTransaction<Value: Sendable>(
    logger: Logger, _ body: (DatabaseConnection) async throws -> sending Value
  ) async throws -> Value {
    try await query("BEGIN", logger: logger)
    let value: Value
    do {
      value = try await body(self)
    } catch {
      // The body's error is the one that matters; a connection that broke is closed anyway.
      _ = try? await query("ROLLBACK", logger: logger)
      throw error
    }
    try await query("COMMIT", logger: logger)
    return value
  }

  /// Calls `each` with every notification on `channel` until the caller is cancelled or the
  /// connection ends; `began` once PostgreSQL has taken the `LISTEN`, before any notification.
  public func listen(
    on channel: String, began: @escaping @Sendable () -> Void = {},
    _ each: @escaping @Sendable (PostgresNotification) -> Void
  ) async throws {
    try await calls.run { [connection] in
      try await connection.listen(on: channel) { notifications in
        began()
        for try await notification in notifications { each(notification) }
      }
    }
  }

  /// A connection that did not answer a check in time (`answer(every:logger:)`).
  public struct Unanswered: Error, CustomStringConvertible {
    public let within: Duration
    public var description: String { "a listening connection gave no answer within \(within)" }
  }

  /// Sends a statement every `interval` until cancelled; when an answer takes longer than
  /// `interval`, closes the connection and throws `Unanswered`. The statement says what the
  /// connection is for to whoever reads `pg_stat_activity`.
  public func answer(every interval: Duration, logger: Logger) async throws {
    while true {
      try await Task.sleep(for: interval)
      let timer = close(after: interval)
      do {
        try await query("SELECT 'still listening'", logger: logger)
        timer.cancel()
      } catch {
        timer.cancel()
        // The timer's future succeeded if it closed the connection, failed if cancelled first.
        if (try? await timer.futureResult.get()) != nil { throw Unanswered(within: interval) }
        throw error
      }
    }
  }

  /// Closes the connection, keeping it alive until it has closed (PostgresNIO asserts that a
  /// connection is closed before it goes away); every call waiting on it ends.
  public func close() {
    connection.close().whenComplete { [connection] _ in withExtendedLifetime(connection) {} }
  }

  /// The connection's event loop as a task's preferred executor.
  public var executor: EventLoopTaskExecutor { calls.executor }

  /// The event loop the connection's channel runs on.
  public var eventLoop: any EventLoop { connection.eventLoop }

  /// Closes the connection after `timeout` unless the returned timer is cancelled first: a timer
  /// on the connection's event loop, cheaper than a task sleeping beside the call.
  public func close(after timeout: Duration) -> Scheduled<Void> {
    eventLoop.scheduleTask(in: TimeAmount(timeout)) { close() }
  }
}

/// The calls waiting on one connection: each answered once, by its result or by the connection's
/// end, whichever comes first.
private final class Calls: Sendable {
  private struct Waiter {
    var fail: @Sendable (any Error) -> Void
    var task: Task<Void, Never>?
    var cancelled = false
  }

  private struct State {
    var closed = false
    var next = 0
    var waiting: [Int: Waiter] = [:]
  }

  private let state = Mutex(State())
  public let executor: EventLoopTaskExecutor

  public init(executor: EventLoopTaskExecutor) { self.executor = executor }

  public static let closedError = DatabaseUnavailable(cause: "the connection closed")

  /// Runs `work` on a task of its own and returns its result, or throws when the connection
  /// closes first; the caller's cancellation is passed on to `work`.
  public func run<Value: Sendable>(_ work: @escaping @Sendable () async throws -> Value) async throws -> Value
  {
    let id = state.withLock { state in
      state.next += 1
      return state.next
    }
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
        let registered = state.withLock { state in
          guard !state.closed else { return false }
          state.waiting[id] = Waiter(fail: { continuation.resume(throwing: $0) }, cancelled: Task.isCancelled)
          return true
        }
        guard registered else { return continuation.resume(throwing: Self.closedError) }
        let task = Task(executorPreference: executor) { [self] in
          let result: Result<Value, any Error>
          do {
            result = .success(try await work())
          } catch {
            result = .failure(error)
          }
          if state.withLock({ $0.waiting.removeValue(forKey: id) }) != nil {
            continuation.resume(with: result)
          }
        }
        let cancelled = state.withLock { state in
          state.waiting[id]?.task = task
          return state.waiting[id]?.cancelled ?? false
        }
        if cancelled { task.cancel() }
      }
    } onCancel: {
      let task = state.withLock { state in
        state.waiting[id]?.cancelled = true
        return state.waiting[id]?.task
      }
      task?.cancel()
    }
  }

  /// The connection has closed: no new call starts.
  public func closing() {
    state.withLock { $0.closed = true }
  }

  /// Ends every call still waiting (on a closed connection).
  public func failWaiting() {
    let waiters = state.withLock { state in
      defer { state.waiting = [:] }
      return Array(state.waiting.values)
    }
    for waiter in waiters {
      waiter.task?.cancel()
      waiter.fail(Self.closedError)
    }
  }
}

import Foundation
import HTTPTypes
import HeraldCore
import HeraldPostgres
import HeraldRuntime
import HeraldTestSupport
import Hummingbird
import HummingbirdTesting
import Logging
import PostgresNIO

@testable import HeraldServer

/// `herald serve --postgres` in process: the server's router on a fresh database with two users,
/// alice and bob (Berlin's zone), each with a token of their own, and a manual clock.
struct PostgresServerHarness: Sendable {
  static let now = Fixtures.instant("2026-11-23T07:00:00Z")  // Monday 08:00 in Berlin
  let store: PostgresStore
  let clock: ManualClock
  let server: HeraldServerApp
  let alice: User
  let bob: User

  struct User: Sendable {
    var id: Int64
    var token: String
  }

  /// Runs `body` with a harness on a fresh database, dropped afterwards.
  static func with<T: Sendable>(_ body: @Sendable (PostgresServerHarness) async throws -> T) async throws -> T
  {
    try await TestDatabase.withStore { store in
      let zone = Fixtures.zone("Europe/Berlin")
      var users: [User] = []
      for name in ["alice", "bob"] {
        let token = try await store.addUser(name: name, timeZone: zone, language: .de, webhook: nil, at: now)
        users.append(User(id: try await store.user(named: name).id, token: token))
      }
      let clock = ManualClock(now: now)
      let server = HeraldServerApp(postgres: store, clock: clock, configuration: ServerConfiguration())
      return try await body(
        PostgresServerHarness(store: store, clock: clock, server: server, alice: users[0], bob: users[1]))
    }
  }

  /// Runs `body` against the server's router, in process.
  func test<T: Sendable>(_ body: @Sendable (any TestClientProtocol) async throws -> T) async throws -> T {
    try await Application(router: try server.router()).test(.router, body)
  }

  /// Runs the whole application on 127.0.0.1 and a port the system picks — with what only a real
  /// socket has, such as its many users' `LoopBoundHTTP1Channel` — for `body`; stops it after.
  func live<T: Sendable>(_ body: @Sendable (Int) async throws -> T) async throws -> T {
    let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
    let app = try HeraldServerApp(postgres: store, clock: clock, configuration: ServerConfiguration(port: 0))
      .application(logger: Logger(label: "test")) { continuation.yield($0) }
    return try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask { try await app.runService(gracefulShutdownSignals: []) }
      defer { group.cancelAll() }
      var iterator = ports.makeAsyncIterator()
      guard let port = await iterator.next() else { throw RawHTTPClient.Failure("the server did not start") }
      return try await body(port)
    }
  }

  /// A request as `user` (bearer token) whose body is `json`; the response's status and body.
  func call(
    _ client: some TestClientProtocol, _ user: User, _ method: HTTPRequest.Method, _ path: String,
    json: String? = nil
  ) async throws -> Answer {
    try await client.execute(
      uri: path, method: method,
      headers: [.authorization: "Bearer \(user.token)", .contentType: "application/json"],
      body: json.map { ByteBuffer(string: $0) }
    ) { response in Answer(status: response.status, data: Data(buffer: response.body)) }
  }

  /// The user's pending deliveries as `request id @ fire instant`, in order.
  func pending(_ user: User) async throws -> [String] {
    try await TestDatabase.column(
      store.url,
      """
      SELECT request_id || ' @ ' || to_char(fire_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
      FROM delivery WHERE user_id = \(user.id) AND status = 'pending' ORDER BY fire_at, request_id
      """
    ).map { $0 ?? "" }
  }

  /// A response: its status and its body, parsed as JSON when read.
  struct Answer: Sendable {
    var status: HTTPResponse.Status
    var data: Data

    var body: Any? { data.isEmpty ? nil : try? JSONSerialization.jsonObject(with: data) }
    var text: String { String(decoding: data, as: UTF8.self) }
  }
}

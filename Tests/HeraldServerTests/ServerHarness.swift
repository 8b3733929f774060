import Foundation
import HTTPTypes
import HeraldContracts
import HeraldCore
import HeraldPush
import HeraldRuntime
import HeraldSQLite
import HeraldTestSupport
import Hummingbird
import HummingbirdTesting
import Logging
import ServiceLifecycle

@testable import HeraldServer

/// A server on a real database file of its own, with a token, a manual clock and Berlin's zone.
struct ServerHarness {
  static let now = Fixtures.instant("2026-11-23T07:00:00Z")  // Monday 08:00 in Berlin
  let directory: TemporaryDirectory
  let store: SQLiteStore
  let token: String
  let clock: ManualClock
  let server: HeraldServerApp

  /// A harness whose clock reads `start` (the browser's live countdown runs on the real clock,
  /// so its tests start the server's clock at the real instant).
  init(
    port: Int = 8080, at start: Date = Self.now, allowRemote: Bool = false,
    pushServices: PushServices = .vendorsOnly, testPush: PushSettings? = nil
  ) throws {
    directory = try TemporaryDirectory()
    store = try SQLiteStore(path: directory.path("herald.sqlite"))
    token = try store.createToken(name: "test", at: start)
    clock = ManualClock(now: start)
    server = HeraldServerApp(
      store: store, zones: FixedTimeZoneSource(Fixtures.zone("Europe/Berlin")), clock: clock,
      configuration: ServerConfiguration(
        port: port, allowRemote: allowRemote, pushServices: pushServices, testPush: testPush))
  }

  /// Runs the whole application on 127.0.0.1 and a port the system picks, for `body`; stops it after.
  func live<T: Sendable>(_ body: @Sendable (Int) async throws -> T) async throws -> T {
    let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
    let app = try server.application(logger: Logger(label: "test")) { continuation.yield($0) }
    return try await withThrowingTaskGroup(of: Void.self) { group in
      let services = ServiceGroup(services: [app], gracefulShutdownSignals: [], logger: Logger(label: "test"))
      group.addTask { try await services.run() }
      defer { group.cancelAll() }
      var iterator = ports.makeAsyncIterator()
      guard let port = await iterator.next() else { throw RawHTTPClient.Failure("the server did not start") }
      let result = try await body(port)
      await services.triggerGracefulShutdown()
      return result
    }
  }

  /// The headers of an API call with the harness's token.
  var authorized: HTTPFields { [.authorization: "Bearer \(token)", .contentType: "application/json"] }

  /// Runs `body` against the server's router, in process.
  func test<T: Sendable>(_ body: @Sendable (any TestClientProtocol) async throws -> T) async throws -> T {
    try await Application(router: try server.router()).test(.router, body)
  }

  /// A request through `client` whose body is `json`; the response's status and body.
  func call(
    _ client: some TestClientProtocol, _ method: HTTPRequest.Method, _ path: String, json: String? = nil,
    headers: HTTPFields? = nil
  ) async throws -> Answer {
    try await client.execute(
      uri: path, method: method, headers: headers ?? authorized, body: json.map { ByteBuffer(string: $0) }
    ) { response in Answer(status: response.status, data: Data(buffer: response.body)) }
  }

  /// A response: its status and its body, parsed as JSON when read.
  struct Answer: Sendable {
    var status: HTTPResponse.Status
    var data: Data

    var body: Any? { data.isEmpty ? nil : try? JSONSerialization.jsonObject(with: data) }
  }

  func remove() { directory.remove() }
}

extension Data {
  init(buffer: ByteBuffer) {
    self = buffer.getData(at: buffer.readerIndex, length: buffer.readableBytes) ?? Data()
  }
}

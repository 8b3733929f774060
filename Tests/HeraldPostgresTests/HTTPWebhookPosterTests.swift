import Foundation
import HeraldSystem
import HeraldTestSupport
import HeraldWebhooks
import HeraldWorker
import Testing

/// The worker's HTTP/1.1 client against receivers scripted byte by byte: what it writes, how it
/// keeps connections, and what it makes of receivers that close, hang, refuse or answer oddly.
@Suite struct HTTPWebhookPosterTests {
  /// One request as the receiver read it.
  struct Request: Sendable {
    var connection: Int
    var lines: [String]
    var body: [UInt8]

    func header(_ name: String) -> String? {
      lines.dropFirst().first { $0.lowercased().hasPrefix(name.lowercased() + ":") }
        .map { String($0.dropFirst(name.count + 1)).trimmingCharacters(in: .whitespaces) }
    }
  }

  static let body = Data(#"{"title":"Füße <hoch> & \"los\"","n":1}"#.utf8)

  /// Reads one request from `connection`: nil when the client closes or sends nothing in time —
  /// long, so that a receiver never closes a connection the test expects to be kept because the
  /// test was slow to write (a CI run on the standard executor saw 80 s; see HeraldTestExecutor).
  static func readRequest(_ connection: TCPTestServer.Connection, number: Int, timeout: Double = 600)
    -> Request?
  {
    var lines: [String] = []
    while true {
      guard var line = connection.readLine(timeout: timeout) else { return nil }
      if line.hasSuffix("\r") { line.removeLast() }
      if line.isEmpty { break }
      lines.append(line)
    }
    var request = Request(connection: number, lines: lines, body: [])
    let length = request.header("Content-Length").flatMap { Int($0) } ?? 0
    guard let body = connection.read(count: length, timeout: timeout) else { return nil }
    request.body = body
    return request
  }

  /// A receiver that answers each request on a connection with `answer(request, index on the
  /// connection)` — nil closes the connection — and records what it read.
  static func receiver(
    _ answer: @escaping @Sendable (Request, Int) -> String?
  ) throws -> (TCPTestServer, Locked<[Request]>) {
    let requests = Locked<[Request]>([])
    let server = try TCPTestServer { connection, number in
      var index = 0
      while let request = readRequest(connection, number: number) {
        requests.update { $0.append(request) }
        guard let text = answer(request, index) else { return }
        connection.send(text)
        index += 1
      }
    }
    return (server, requests)
  }

  /// What posting `body` failed with; nil when it was delivered.
  static func failure(_ poster: HTTPWebhookPoster, _ body: Data, to url: URL, timeout: TimeInterval)
    async throws
    -> WebhookFailure?
  {
    do {
      try await poster.post(body, to: url, headers: [:], timeout: timeout)
      return nil
    } catch let failure as WebhookFailure {
      return failure
    }
  }

  static func url(_ server: TCPTestServer, _ path: String = "/hook") -> URL {
    url(port: server.port, path)
  }

  static func url(port: UInt16, _ path: String) -> URL {
    // Always a URL: the tests write the path.
    URL(string: "http://127.0.0.1:\(port)\(path)") ?? URL(fileURLWithPath: "/")
  }

  /// Issue 48, row 12: the worker connects to no receiver where none lives — link-local, where
  /// cloud metadata answers, in any spelling — and says why; under the policy for URLs users supply
  /// (push endpoints), not to one on this machine either, not even through a name. Nothing reaches it.
  @Test(arguments: [
    ("169.254.169.254", OutboundAddress.Policy.operatorsNetwork), ("2852039166", .operatorsNetwork),
    ("[::ffff:169.254.169.254]", .operatorsNetwork), ("0.0.0.0", .operatorsNetwork),
    ("127.0.0.1", .publicOnly),
    ("localhost", .publicOnly), ("2130706433", .publicOnly), ("[::ffff:127.0.0.1]", .publicOnly),
  ])
  func aReceiverWhereThePolicySaysNoneMayBeIsRefused(host: String, policy: OutboundAddress.Policy)
    async throws
  {
    let (server, requests) = try Self.receiver { _, _ in "HTTP/1.1 204 No Content\r\n\r\n" }
    defer { server.stop() }
    let poster = HTTPWebhookPoster(receivers: policy)
    let url = try #require(URL(string: "http://\(host):\(server.port)/hook"))
    let error = await #expect(throws: WebhookFailure.self) {
      try await poster.post(Self.body, to: url, headers: [:], timeout: 5)
    }
    #expect(
      error?.description.contains("Herald does not deliver there") == true, "\(String(describing: error))")
    // An https receiver is checked before the request too.
    let secure = try #require(URL(string: "https://\(host):\(server.port)/hook"))
    await #expect(throws: WebhookFailure.self) {
      try await poster.post(Self.body, to: secure, headers: [:], timeout: 5)
    }
    await poster.shutdown()
    #expect(requests.value.isEmpty)
  }

  @Test func oneKeptAliveConnectionCarriesEveryRequestWrittenExactly() async throws {
    let (server, requests) = try Self.receiver { _, _ in "HTTP/1.1 204 No Content\r\n\r\n" }
    defer { server.stop() }
    let poster = HTTPWebhookPoster()
    for index in 0..<20 {
      try await poster.post(
        Self.body, to: Self.url(server, "/hooks/herald?user=a%20b&x=%C3%BC"),
        headers: ["webhook-id": "msg_\(index)"], timeout: 60)
    }
    await poster.shutdown()
    let seen = requests.value
    try #require(seen.count == 20)
    #expect(Set(seen.map(\.connection)) == [1], "one connection, kept alive")
    for (index, request) in seen.enumerated() {
      #expect(request.lines.first == "POST /hooks/herald?user=a%20b&x=%C3%BC HTTP/1.1")
      #expect(request.header("Host") == "127.0.0.1:\(server.port)")
      #expect(request.header("Content-Type") == "application/json")
      #expect(request.header("Content-Length") == String(Self.body.count))
      #expect(request.header("webhook-id") == "msg_\(index)")
      #expect(request.body == Array(Self.body))
    }
  }

  @Test func aBodyTypeTheCallerNamesInAnyCaseIsTheOneSent() async throws {
    let (server, requests) = try Self.receiver { _, _ in "HTTP/1.1 204 No Content\r\n\r\n" }
    defer { server.stop() }
    let poster = HTTPWebhookPoster()
    try await poster.post(
      Self.body, to: Self.url(server, "/push"), headers: ["content-TYPE": "application/octet-stream"],
      timeout: 60)
    // A name that only begins like it is another header: the body is JSON then.
    try await poster.post(
      Self.body, to: Self.url(server, "/push"), headers: ["Content-Typo": "x"], timeout: 60)
    await poster.shutdown()
    let seen = requests.value
    try #require(seen.count == 2)
    #expect(
      seen[0].lines.filter { $0.lowercased().hasPrefix("content-type:") } == [
        "content-TYPE: application/octet-stream"
      ])
    #expect(seen[1].header("Content-Type") == "application/json")
    #expect(seen[1].header("Content-Typo") == "x")
  }

  @Test func anAnswerOtherThan2xxFailsAndTheConnectionCarriesTheNext() async throws {
    let (server, requests) = try Self.receiver { _, index in
      index == 0
        ? "HTTP/1.1 500 Internal Server Error\r\nContent-Length: 5\r\n\r\noops!"
        : "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nok\r\n0\r\n\r\n"
    }
    defer { server.stop() }
    let poster = HTTPWebhookPoster()
    let failure = try #require(
      await Self.failure(poster, Self.body, to: Self.url(server), timeout: 60), "a 500 was taken as delivered"
    )
    #expect(failure.problem == "answered HTTP 500")
    #expect(failure.result == "5xx")
    try await poster.post(Self.body, to: Self.url(server), headers: [:], timeout: 60)
    await poster.shutdown()
    #expect(requests.value.map(\.connection) == [1, 1])
  }

  @Test func aConnectionTheReceiverClosesIsNotUsedAgain() async throws {
    // The first connection is closed after its answer (silently, as a keep-alive timeout does);
    // the second says so; the third answers and stays.
    let (server, requests) = try Self.receiver { request, index in
      switch (request.connection, index) {
      case (1, 1): nil
      case (2, _): "HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n"
      default: "HTTP/1.1 204 No Content\r\n\r\n"
      }
    }
    defer { server.stop() }
    let poster = HTTPWebhookPoster()
    for _ in 0..<4 { try await poster.post(Self.body, to: Self.url(server), headers: [:], timeout: 60) }
    await poster.shutdown()
    // Connection 1 read a second request and closed without an answer: it went again on a new one.
    #expect(requests.value.map(\.connection) == [1, 1, 2, 3, 3])
  }

  @Test func aLargeAnswerIsNotReadToItsEnd() async throws {
    let (server, requests) = try Self.receiver { _, index in
      index == 0
        ? "HTTP/1.1 200 OK\r\nContent-Length: 1000000\r\n\r\n" + String(repeating: "x", count: 100_000) : nil
    }
    defer { server.stop() }
    let poster = HTTPWebhookPoster()
    try await poster.post(Self.body, to: Self.url(server), headers: [:], timeout: 60)
    try await poster.post(Self.body, to: Self.url(server), headers: [:], timeout: 60)
    await poster.shutdown()
    #expect(requests.value.map(\.connection) == [1, 2], "the first connection was closed, not read on")
  }

  @Test func aReceiverThatNeverAnswersCostsItsTimeoutAndNoMore() async throws {
    let (server, _) = try Self.receiver { _, _ in
      Thread.sleep(forTimeInterval: 600)
      return nil
    }
    defer { server.stop() }
    let poster = HTTPWebhookPoster()
    let failure = try #require(
      await Self.failure(poster, Self.body, to: Self.url(server), timeout: 0.5),
      "a receiver that never answered was taken as delivered")
    #expect(failure.problem == "no answer within 0.5 s")
    #expect(failure.result == "timeout")
    await poster.shutdown()
  }

  /// A request whose deadline passed before it could be written (its task waited for a thread)
  /// is not written: the receiver never sees a request counted as failed, to be sent again.
  @Test func aRequestPastItsDeadlineIsNotWritten() async throws {
    let (server, requests) = try Self.receiver { _, _ in "HTTP/1.1 204 No Content\r\n\r\n" }
    defer { server.stop() }
    let poster = HTTPWebhookPoster()
    try await poster.post(Self.body, to: Self.url(server), headers: ["webhook-id": "first"], timeout: 60)
    let failure = try #require(
      await Self.failure(poster, Self.body, to: Self.url(server), timeout: 0), "sent past its deadline")
    #expect(failure.result == "timeout")
    try await poster.post(Self.body, to: Self.url(server), headers: ["webhook-id": "third"], timeout: 60)
    await poster.shutdown()
    #expect(requests.value.map { $0.header("webhook-id") } == ["first", "third"])
  }

  @Test func aRefusedConnectionFailsAtOnce() async throws {
    let port = try TCPTestServer.freePort()
    let poster = HTTPWebhookPoster()
    let failure = try #require(
      await Self.failure(poster, Self.body, to: Self.url(port: port, "/"), timeout: 60),
      "nothing listens, yet it was taken as delivered")
    #expect(failure.problem == "connection refused")
    #expect(failure.result == "error")
    await poster.shutdown()
  }

  @Test func anAnswerThatIsNotHTTPIsAFailure() async throws {
    let (server, _) = try Self.receiver { _, _ in "SSH-2.0-OpenSSH_9.2\r\n\r\n" }
    defer { server.stop() }
    let poster = HTTPWebhookPoster()
    let failure = try #require(
      await Self.failure(poster, Self.body, to: Self.url(server), timeout: 60),
      "garbage was taken as delivered")
    #expect(failure.problem.hasPrefix("the receiver's answer is not HTTP/1.1"), "\(failure.problem)")
    #expect(failure.result == "error")
    await poster.shutdown()
  }

  @Test func requestsBeyondTheConnectionLimitWaitTheirTurn() async throws {
    let (server, requests) = try Self.receiver { _, _ in
      Thread.sleep(forTimeInterval: 0.05)
      return "HTTP/1.1 204 No Content\r\n\r\n"
    }
    defer { server.stop() }
    let poster = HTTPWebhookPoster(connectionsPerReceiver: 2)
    try await withThrowingTaskGroup(of: Void.self) { group in
      for _ in 0..<12 {
        group.addTask { try await poster.post(Self.body, to: Self.url(server), headers: [:], timeout: 60) }
      }
      try await group.waitForAll()
    }
    await poster.shutdown()
    #expect(requests.value.count == 12)
    #expect(Set(requests.value.map(\.connection)).count == 2, "\(requests.value.map(\.connection))")
  }

  @Test func aRequestWaitingForAConnectionGivesUpAtItsDeadline() async throws {
    let (server, _) = try Self.receiver { _, _ in
      Thread.sleep(forTimeInterval: 600)
      return nil
    }
    defer { server.stop() }
    let poster = HTTPWebhookPoster(connectionsPerReceiver: 1)
    let failures = try await withThrowingTaskGroup(of: String?.self) { group in
      for _ in 0..<3 {
        group.addTask {
          do {
            try await poster.post(Self.body, to: Self.url(server), headers: [:], timeout: 0.5)
            return nil
          } catch let failure as WebhookFailure {
            return failure.problem
          }
        }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    // Each a timeout: waiting for the answer, or for a connection (the room the first one left
    // comes at the deadline).
    #expect(failures.count == 3)
    #expect(
      failures.allSatisfy { $0?.hasPrefix("no ") == true && $0?.hasSuffix(" within 0.5 s") == true },
      "\(failures)")
    await poster.shutdown()
  }
}

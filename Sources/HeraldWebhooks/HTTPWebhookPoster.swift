import AsyncHTTPClient
import Foundation
import HeraldSystem
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// POSTs webhooks over kept-alive HTTP/1.1 connections: at most `connectionsPerReceiver` open to
/// each receiver (more requests wait their turn within their own deadline), the request written
/// in one flush, and each exchange — waiting, connecting and answering — under one deadline that
/// NIO enforces on the event loop: a receiver that accepts and never answers costs its request that
/// much time and nothing else.
///
/// Plain `http` receivers (a worker beside them) go over `ReceiverConnections`, which costs a
/// fraction of a general client per request (docs/decisions/receiver-connections.md); `https` ones
/// go through AsyncHTTPClient, its TLS and HTTP/2.
public final class HTTPWebhookPoster: WebhookPosting {
  private let connections: ReceiverConnections
  /// Made for the first `https` receiver: a worker whose receivers are all beside it never
  /// starts one.
  private let secureClient = Mutex<HTTPClient?>(nil)
  private let connectionsPerReceiver: Int
  /// The plain receivers' URLs as parsed for a request: parsing one each time cost more than
  /// the rest of writing the request.
  private let targets = Mutex<[URL: PlainHTTPTarget]>([:])
  /// The most of a response body read (and dropped) so that the connection can be reused.
  private static let responseLimit = 64 * 1024

  /// Which addresses receivers may be at (`OutboundAddress`): webhooks the operator set may point
  /// into their own network, never at link-local (cloud metadata), unspecified or multicast ones.
  private let receivers: OutboundAddress.Policy

  public init(connectionsPerReceiver: Int = 8, receivers: OutboundAddress.Policy = .operatorsNetwork) {
    self.connectionsPerReceiver = connectionsPerReceiver
    self.receivers = receivers
    connections = ReceiverConnections(
      limit: connectionsPerReceiver, bodyLimit: Self.responseLimit, policy: receivers)
  }

  /// Closes the kept-alive connections; requests still running fail.
  public func shutdown() async {
    connections.shutdown()
    let client = secureClient.withLock { client in
      defer { client = nil }
      return client
    }
    try? await client?.shutdown()
  }

  private var client: HTTPClient {
    secureClient.withLock { client in
      if let client { return client }
      let configuration = HTTPClient.Configuration(
        redirectConfiguration: .disallow,
        timeout: .init(connect: .seconds(10), read: .seconds(10)),
        connectionPool: .init(
          idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: connectionsPerReceiver))
      // HTTP/2 where the receiver offers it (every push service does): many requests on one connection.
      let made = HTTPClient(
        eventLoopGroup: MultiThreadedEventLoopGroup.singleton, configuration: configuration)
      client = made
      return made
    }
  }

  public func post(_ body: Data, to url: URL, headers: [String: String], timeout: TimeInterval) async throws {
    let deadline = NIODeadline.now() + .milliseconds(Int64((max(0, timeout) * 1000).rounded(.up)))
    let status: Int
    var retryAfter: String?
    if let target = target(of: url) {
      var head = HTTPRequestHead(version: .http1_1, method: .POST, uri: target.uri)
      head.headers.reserveCapacity(5 + headers.count)
      head.headers.add(name: "Host", value: target.host)
      if !Self.namesContentType(headers) { head.headers.add(name: "Content-Type", value: "application/json") }
      head.headers.add(name: "Content-Length", value: String(body.count))
      head.headers.add(name: "User-Agent", value: "Herald")
      for (name, value) in headers { head.headers.add(name: name, value: value) }
      do {
        (status, retryAfter) = try await exchange(
          head, ByteBuffer(bytes: body), with: target.address, deadline: deadline)
      } catch {
        throw WebhookFailure(
          Self.describe(error, timeout: timeout), result: Self.isTimeout(error) ? "timeout" : "error")
      }
    } else {
      (status, retryAfter) = try await postSecurely(
        body, to: url, headers: headers, deadline: deadline, timeout: timeout)
    }
    guard (200..<300).contains(status) else {
      throw WebhookFailure(
        "answered HTTP \(status)", result: "\(status / 100)xx", status: status,
        retryAfter: WebhookFailure.retryAfter(retryAfter))
    }
  }

  private func target(of url: URL) -> PlainHTTPTarget? {
    if let known = targets.withLock({ $0[url] }) { return known }
    guard let target = PlainHTTPTarget(url) else { return nil }
    targets.withLock { targets in
      // Bounded: a worker serves any number of users.
      if targets.count >= 10_000 { targets.removeAll(keepingCapacity: true) }
      targets[url] = target
    }
    return target
  }

  /// One exchange on a kept-alive connection. A connection that carried a request before and
  /// closes before a byte of this one's answer was most likely closed by the receiver while it was
  /// idle (its keep-alive timeout): the request goes once more on another — at least once, as every
  /// delivery, with the same `webhook-id`.
  private func exchange(
    _ head: HTTPRequestHead, _ body: ByteBuffer, with address: ReceiverConnections.Address,
    deadline: NIODeadline
  ) async throws -> (status: Int, retryAfter: String?) {
    while true {
      let (connection, reused) = try await connections.acquire(address, deadline: deadline)
      let answer: ReceiverAnswer
      do {
        answer = try await connection.exchange(head: head, body: body, deadline: deadline).get()
      } catch {
        connections.release(connection, to: address, reusable: false)
        if reused, case ExchangeFailure.closedBeforeAnswer = error { continue }
        throw error
      }
      connections.release(connection, to: address, reusable: answer.reusable)
      return (answer.status, answer.retryAfter)
    }
  }

  /// An `https` receiver, through AsyncHTTPClient.
  private func postSecurely(
    _ body: Data, to url: URL, headers: [String: String], deadline: NIODeadline, timeout: TimeInterval
  ) async throws -> (status: Int, retryAfter: String?) {
    var request = HTTPClientRequest(url: url.absoluteString)
    request.method = .POST
    if !Self.namesContentType(headers) {
      request.headers.add(name: "Content-Type", value: "application/json")
    }
    request.headers.add(name: "User-Agent", value: "Herald")
    for (name, value) in headers { request.headers.add(name: name, value: value) }
    request.body = .bytes(ByteBuffer(bytes: body))
    do {
      // AsyncHTTPClient resolves the name again itself: checked just before, not as it connects.
      if let host = url.host {
        _ = try await GuardedResolution.address(host: host, port: url.port ?? 443, policy: receivers)
      }
      let response = try await client.execute(request, deadline: deadline)
      // Read what the receiver says (up to a limit) so the connection can carry the next one.
      var read = 0
      for try await chunk in response.body {
        read += chunk.readableBytes
        if read > Self.responseLimit { break }
      }
      return (Int(response.status.code), response.headers.first(name: "retry-after"))
    } catch {
      throw WebhookFailure(
        Self.describe(error, timeout: timeout), result: Self.isTimeout(error) ? "timeout" : "error")
    }
  }

  /// Whether the caller set the body's type (a push message's is encrypted bytes): JSON otherwise,
  /// the webhooks' body. One `Content-Type` only: a receiver may take either of two.
  static func namesContentType(_ headers: [String: String]) -> Bool {
    // A header name is ASCII: compared lowercased, without Foundation's locale-aware compare,
    // which is dear on a path taken for every request.
    headers.keys.contains { $0.utf8.count == 12 && $0.lowercased() == "content-type" }
  }

  static func isTimeout(_ error: any Error) -> Bool {
    if case ExchangeFailure.timedOut = error { return true }
    guard let error = error as? HTTPClientError else { return false }
    return [.deadlineExceeded, .readTimeout, .writeTimeout, .connectTimeout].contains(error)
  }

  /// What went wrong, as an operator would say it.
  static func describe(_ error: any Error, timeout: TimeInterval) -> String {
    let seconds = String(format: "%g", timeout)
    switch error {
    case ExchangeFailure.timedOut(connecting: true): return "no connection within \(seconds) s"
    case ExchangeFailure.timedOut(connecting: false): return "no answer within \(seconds) s"
    case ExchangeFailure.closedBeforeAnswer: return "the receiver closed the connection without an answer"
    case ExchangeFailure.brokenAnswer(let problem): return problem
    case let refused as GuardedResolution.Refused: return refused.description
    case is CancellationError: return "cancelled"
    default: break
    }
    if let error = error as? HTTPClientError {
      switch error {
      case .deadlineExceeded, .readTimeout, .writeTimeout: return "no answer within \(seconds) s"
      case .connectTimeout: return "no connection within \(seconds) s"
      case .remoteConnectionClosed: return "the receiver closed the connection without an answer"
      case .cancelled: return "cancelled"
      default: return "\(error)"
      }
    }
    return NetworkProblem.plain(error)
  }
}

import AsyncHTTPClient
import Foundation
import HeraldPostgres
import NIOCore
import NIOHTTP1
import NIOPosix

/// POSTs webhooks with AsyncHTTPClient: connections to each receiver are kept alive and reused,
/// at most `connectionsPerReceiver` at once (more requests wait their turn within their own
/// deadline), and each exchange has one deadline that NIO enforces on the event loop — a receiver
/// that accepts and never answers costs its request that much time and nothing else. (URLSession
/// on Linux deadlocks when a request is cancelled as its own timeout fires; NIO has no such race.)
public final class HTTPWebhookPoster: WebhookPosting {
  private let client: HTTPClient
  /// The most of a response body read (and dropped) so that the connection can be reused.
  private let responseLimit = 64 * 1024

  public init(connectionsPerReceiver: Int = 8) {
    var configuration = HTTPClient.Configuration(
      redirectConfiguration: .disallow,
      timeout: .init(connect: .seconds(10), read: .seconds(10)),
      connectionPool: .init(
        idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: connectionsPerReceiver))
    configuration.httpVersion = .http1Only
    client = HTTPClient(eventLoopGroup: MultiThreadedEventLoopGroup.singleton, configuration: configuration)
  }

  /// Closes the kept-alive connections; requests still running fail.
  public func shutdown() async {
    try? await client.shutdown()
  }

  public func post(_ body: Data, to url: URL, headers: [String: String], timeout: TimeInterval) async throws {
    var request = HTTPClientRequest(url: url.absoluteString)
    request.method = .POST
    request.headers.add(name: "Content-Type", value: "application/json")
    request.headers.add(name: "User-Agent", value: "Herald")
    for (name, value) in headers { request.headers.add(name: name, value: value) }
    request.body = .bytes(ByteBuffer(bytes: body))
    let milliseconds = Int64((max(0, timeout) * 1000).rounded(.up))
    let status: HTTPResponseStatus
    do {
      let response = try await client.execute(request, deadline: .now() + .milliseconds(milliseconds))
      status = response.status
      // Read what the receiver says (up to a limit) so the connection can carry the next one.
      var read = 0
      for try await chunk in response.body {
        read += chunk.readableBytes
        if read > responseLimit { break }
      }
    } catch {
      throw WebhookFailure(
        Self.describe(error, timeout: timeout), result: Self.isTimeout(error) ? "timeout" : "error")
    }
    guard (200..<300).contains(status.code) else {
      throw WebhookFailure("answered HTTP \(status.code)", result: "\(status.code / 100)xx")
    }
  }

  static func isTimeout(_ error: any Error) -> Bool {
    guard let error = error as? HTTPClientError else { return false }
    return [.deadlineExceeded, .readTimeout, .writeTimeout, .connectTimeout].contains(error)
  }

  /// What went wrong, as an operator would say it.
  static func describe(_ error: any Error, timeout: TimeInterval) -> String {
    if let error = error as? HTTPClientError {
      switch error {
      case .deadlineExceeded, .readTimeout, .writeTimeout:
        return "no answer within \(String(format: "%g", timeout)) s"
      case .connectTimeout: return "no connection within \(String(format: "%g", timeout)) s"
      case .remoteConnectionClosed: return "the receiver closed the connection without an answer"
      case .cancelled: return "cancelled"
      default: return "\(error)"
      }
    }
    return PostgresProblem.plain(error)
  }
}

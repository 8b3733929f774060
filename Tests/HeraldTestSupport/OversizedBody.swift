import Foundation

/// Sends an API request whose body is larger than the server reads, on a socket of its own, and
/// returns the answer read before the body has ended: a server that read the body whole first
/// would never answer, as the rest never comes.
public enum OversizedBody {
  /// How the size is told: up front (`Content-Length`), or not at all (chunked).
  public enum Framing: Sendable, CaseIterable {
    case contentLength, chunked
  }

  /// `POST path` with `token`, announcing 300 MB (`contentLength`) or sending chunks past
  /// `sent` bytes (`chunked`); only `sent` bytes of the body are ever sent.
  public static func post(
    port: Int, token: String, path: String, framing: Framing, contentType: String = "application/json",
    sent: Int = 3 << 19
  ) async throws -> RawHTTPClient.Response {
    try await RawHTTPClient.offThePool {
      let client = try RawHTTPClient(port: port, timeout: 20)
      defer { client.close() }
      var headers = [
        ("Host", "127.0.0.1:\(port)"), ("Authorization", "Bearer \(token)"), ("Content-Type", contentType),
      ]
      headers.append(
        framing == .chunked ? ("Transfer-Encoding", "chunked") : ("Content-Length", "300000000"))
      try client.send("POST", path, headers: headers)
      let piece = [UInt8](repeating: UInt8(ascii: "a"), count: 64 << 10)
      var written = 0
      while written < sent {
        if framing == .chunked {
          try client.sendBytes(
            Array("\(String(piece.count, radix: 16))\r\n".utf8) + piece + Array("\r\n".utf8))
        } else {
          try client.sendBytes(piece)
        }
        written += piece.count
      }
      return try client.readResponse()
    }
  }
}

import Hummingbird
import ServiceLifecycle

/// Server-sent events as an HTTP response in the `text/event-stream` format: `id:` and `data:`
/// lines per event, a comment line as keepalive. Both streams use it: the live view's and the
/// users' deliveries.
enum ServerSentEvents {
  /// The live events. `hub` is finished when the server shuts down gracefully (SIGTERM), which
  /// ends the stream.
  static func response(_ stream: AsyncStream<LiveEventHub.Message>, hub: LiveEventHub) -> Response {
    response(onShutdown: { await hub.finish() }) { write in
      for await message in stream { try await write(encode(message)) }
    }
  }

  /// A stream whose text `produce` writes after the `preamble`; on a graceful shutdown
  /// `onShutdown` must make `produce` return.
  static func response(
    preamble: String = "", onShutdown: @escaping @Sendable () async -> Void,
    produce: @escaping @Sendable (_ write: (String) async throws -> Void) async throws -> Void
  ) -> Response {
    Response(
      status: .ok,
      headers: [.contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-store"],
      body: ResponseBody { writer in
        // Tells EventSource how long to wait before reconnecting.
        try await writer.write(ByteBuffer(string: "retry: 1000\n" + preamble + "\n"))
        try await withGracefulShutdownHandler {
          try await produce { text in try await writer.write(ByteBuffer(string: text)) }
        } onGracefulShutdown: {
          Task { await onShutdown() }
        }
        try await writer.finish(nil)
      })
  }

  /// One message as the stream carries it.
  static func encode(_ message: LiveEventHub.Message) -> String {
    switch message {
    case .event(let live): event(id: live.id, data: live.data)
    case .keepalive: keepalive
    }
  }

  /// One event. Its data is one JSON line, so one `data:` line.
  static func event(id: some CustomStringConvertible, data: String) -> String {
    "id: \(id)\ndata: \(data)\n\n"
  }

  static let keepalive = ": keepalive\n\n"
}

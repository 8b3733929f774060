import Hummingbird
import ServiceLifecycle

/// The live events as an HTTP response in the `text/event-stream` format: `id:` and `data:` lines
/// per event, a comment line as keepalive.
enum ServerSentEvents {
  /// `hub` is finished when the server shuts down gracefully (SIGTERM), which ends the stream.
  static func response(_ stream: AsyncStream<LiveEventHub.Message>, hub: LiveEventHub) -> Response {
    Response(
      status: .ok,
      headers: [.contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-store"],
      body: ResponseBody { writer in
        // Tells EventSource how long to wait before reconnecting.
        try await writer.write(ByteBuffer(string: "retry: 1000\n\n"))
        try await withGracefulShutdownHandler {
          for await message in stream {
            try await writer.write(ByteBuffer(string: encode(message)))
          }
        } onGracefulShutdown: {
          Task { await hub.finish() }
        }
        try await writer.finish(nil)
      })
  }

  /// One message as the stream carries it. Event data is one JSON line, so one `data:` line.
  static func encode(_ message: LiveEventHub.Message) -> String {
    switch message {
    case .event(let event): "id: \(event.id)\ndata: \(event.data)\n\n"
    case .keepalive: ": keepalive\n\n"
    }
  }
}

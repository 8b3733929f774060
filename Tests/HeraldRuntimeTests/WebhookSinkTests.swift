import Foundation
import HeraldSystem
import HeraldCore
import HeraldInterchange
import HeraldRuntime
import HeraldTestSupport
import Testing

/// The webhook sink against a real HTTP server on loopback (Python's http.server, run with an
/// argument vector): it POSTs exactly the delivery line, and a non-2xx answer is an error.
@Suite struct WebhookSinkTests {
  /// A one-file server: answers `status` to every POST and prints each body as one line.
  static let server = """
    import http.server, sys
    status = int(sys.argv[1])
    class Handler(http.server.BaseHTTPRequestHandler):
        def do_POST(self):
            body = self.rfile.read(int(self.headers['Content-Length']))
            print(self.headers['Content-Type'] + ' ' + body.decode('utf-8'), flush=True)
            self.send_response(status); self.end_headers()
        def log_message(self, *args): pass
    server = http.server.HTTPServer(('127.0.0.1', 0), Handler)
    print(server.server_address[1], flush=True)
    server.serve_forever()
    """

  let delivery = Delivery(
    notification: PlannedNotification(
      request: NotificationRequest(
        identifier: "focus-block-start-b1",
        content: NotificationContent(
          title: "Focus Block startet gleich", body: "Deep Work beginnt in 5 Minuten",
          categoryIdentifier: NotificationCategory.focusBlockStart, userInfo: ["blockID": "b1"]),
        trigger: .timeInterval(seconds: 300)),
      fireDate: Fixtures.instant("2026-11-23T07:55:00Z")),
    deliveredAt: Fixtures.instant("2026-11-23T07:55:00.012Z"), late: false)

  /// Starts the server answering `status`; returns it, its output and its URL.
  func startServer(status: Int) throws -> (Process, LineStream, URL) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", Self.server, String(status)]
    let output = Pipe()
    process.standardOutput = output
    try process.start()
    let lines = LineStream(output.fileHandleForReading)
    let port = lines.wait(until: Date().addingTimeInterval(20)) { $0.first }
    guard let port, let url = URL(string: "http://127.0.0.1:\(port)/hook") else {
      process.terminate()
      throw FieldError("server", "did not start")
    }
    return (process, lines, url)
  }

  @Test func postsTheDeliveryLine() async throws {
    let (server, lines, url) = try startServer(status: 204)
    defer { server.terminate() }
    try await WebhookSink(url: url).deliver(delivery)
    let received = lines.wait(until: Date().addingTimeInterval(20)) { $0.count > 1 ? $0[1] : nil }
    #expect(received == "application/json " + DeliveryLine.text(delivery))
  }

  @Test func aServerErrorIsAFailedDelivery() async throws {
    let (server, _, url) = try startServer(status: 500)
    defer { server.terminate() }
    let sink = WebhookSink(url: url)
    let error = await #expect(throws: EnvironmentError.self) { try await sink.deliver(delivery) }
    #expect(error?.description == "POST to the webhook \(url): answered HTTP 500; see the receiver's log")
  }
}

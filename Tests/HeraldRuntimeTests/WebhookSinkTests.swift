import Foundation
import HeraldContracts
import HeraldCore
import HeraldInterchange
import HeraldRuntime
import HeraldSystem
import HeraldTestSupport
import HeraldWebhooks
import Testing

/// The webhook sink against a real HTTP server on loopback (Python's http.server, run with an
/// argument vector): it POSTs the delivery as the many-user worker does (Standard Webhooks: the
/// same body, id and signature), and a non-2xx answer is an error.
@Suite struct WebhookSinkTests {
  /// A one-file server: answers `status` to every POST and prints, for each, its content type, its
  /// `webhook-id`, whether its `webhook-signature` is the HMAC Python computes with the secret
  /// given (`valid`, `invalid` or `unsigned`), and its body, on one line.
  static let server = """
    import base64, hashlib, hmac, http.server, sys
    status = int(sys.argv[1])
    key = base64.b64decode(sys.argv[2][len('whsec_'):]) if len(sys.argv) > 2 else None
    class Handler(http.server.BaseHTTPRequestHandler):
        def do_POST(self):
            body = self.rfile.read(int(self.headers['Content-Length']))
            id, timestamp = self.headers['webhook-id'], self.headers['webhook-timestamp']
            signature = self.headers.get('webhook-signature')
            if signature is None:
                check = 'unsigned'
            else:
                signed = id.encode() + b'.' + timestamp.encode() + b'.' + body
                expected = 'v1,' + base64.b64encode(hmac.new(key or b'', signed, hashlib.sha256).digest()).decode()
                check = 'valid' if hmac.compare_digest(expected, signature) else 'invalid'
            print(' '.join([self.headers['Content-Type'], id, check, body.decode('utf-8')]), flush=True)
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

  /// Starts the server answering `status`, checking signatures with `secret`; returns it, its
  /// output and its URL.
  func startServer(status: Int, secret: WebhookSecret? = nil) throws -> (Process, LineStream, URL) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", Self.server, String(status)] + (secret.map { ["\($0)"] } ?? [])
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

  @Test func postsTheDeliveryAsAStandardWebhook() async throws {
    let (server, lines, url) = try startServer(status: 204)
    defer { server.terminate() }
    try await WebhookSink(url: url).deliver(delivery)
    let received = lines.wait(until: Date().addingTimeInterval(20)) { $0.count > 1 ? $0[1] : nil }
    let body = String(decoding: StandardWebhook.body(delivery, user: nil), as: UTF8.self)
    #expect(received == "application/json focus-block-start-b1:2026-11-23T07:55:00.000Z unsigned \(body)")
    // The delivery line's keys and the language, as the worker sends them (without a user).
    #expect(body.hasPrefix(String(DeliveryLine.text(delivery).dropLast())))
    #expect(body.hasSuffix(#", "language": "de"}"#))
  }

  @Test func signsEachPostWithTheSecretGiven() async throws {
    let secret = WebhookSecret.generate()
    let (server, lines, url) = try startServer(status: 204, secret: secret)
    defer { server.terminate() }
    try await WebhookSink(url: url, secret: secret).deliver(delivery)
    let received = lines.wait(until: Date().addingTimeInterval(20)) { $0.count > 1 ? $0[1] : nil }
    #expect(received?.split(separator: " ").dropFirst(2).first == "valid")
  }

  @Test func aServerErrorIsAFailedDelivery() async throws {
    let (server, _, url) = try startServer(status: 500)
    defer { server.terminate() }
    let sink = WebhookSink(url: url)
    let error = await #expect(throws: EnvironmentError.self) { try await sink.deliver(delivery) }
    #expect(error?.description == "POST to the webhook \(url): answered HTTP 500; see the receiver's log")
  }
}

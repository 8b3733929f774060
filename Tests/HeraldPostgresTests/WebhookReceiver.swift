import Foundation
import HeraldCore
import HeraldTestSupport

/// A webhook receiver on loopback (Python's http.server, run with an argument vector) that checks
/// each request's Standard Webhooks signature itself — Python's hmac, not Herald's code — and
/// prints one JSON line per request, with when it arrived. It answers the statuses it is given in
/// turn, the last one from then on. The secret is one `whsec_…`, or a JSON file of each user's.
final class WebhookReceiver: @unchecked Sendable {
  static let script = """
    import base64, hashlib, hmac, http.server, json, sys, threading, time
    lock = threading.Lock()
    def key(text): return base64.b64decode(text[len('whsec_'):])
    secrets = None if sys.argv[1].startswith('whsec_') else {u: key(s) for u, s in json.load(open(sys.argv[1])).items()}
    statuses = [int(s) for s in sys.argv[2].split(',')]
    class Handler(http.server.BaseHTTPRequestHandler):
        count = 0
        def do_POST(self):
            body = self.rfile.read(int(self.headers['Content-Length']))
            at = time.time()
            wid, ts = self.headers['webhook-id'], self.headers['webhook-timestamp']
            secret = key(sys.argv[1]) if secrets is None else secrets.get(json.loads(body).get('user'), b'')
            expected = 'v1,' + base64.b64encode(hmac.new(secret, f'{wid}.{ts}.'.encode() + body, hashlib.sha256).digest()).decode()
            valid = any(hmac.compare_digest(expected, s) for s in self.headers['webhook-signature'].split(' '))
            with lock:  # one line per request, whole, however many arrive at once
                status = statuses[min(Handler.count, len(statuses) - 1)]
                Handler.count += 1
                sys.stdout.write(json.dumps({'id': wid, 'timestamp': ts, 'valid': valid,
                    'type': self.headers['Content-Type'], 'body': json.loads(body), 'status': status, 'at': at}) + '\\n')
                sys.stdout.flush()
            self.send_response(status); self.send_header('Content-Length', '0'); self.end_headers()
        def log_message(self, *args): pass
    http.server.ThreadingHTTPServer.request_queue_size = 256  # not 5: many workers connect at once
    server = http.server.ThreadingHTTPServer(('127.0.0.1', 0), Handler)
    print(server.server_address[1], flush=True)
    server.serve_forever()
    """

  /// One request as the receiver saw it.
  struct Request: Decodable {
    var id: String
    var timestamp: String
    var valid: Bool
    var type: String
    var body: [String: JSONAny]
    var status: Int
    /// When it arrived (Unix seconds).
    var at: Double
  }

  let process: Process
  let output: LineStream
  let url: URL

  /// Starts a receiver checking signatures with `secret` (`whsec_…`, or the path of a JSON file
  /// mapping each user to theirs) and answering `statuses`.
  init(secret: String, statuses: [Int] = [204]) throws {
    let started = try PythonReceiver(
      Self.script, [secret, statuses.map(String.init).joined(separator: ",")], name: "webhook receiver")
    (process, output, url) = (started.process, started.output, started.url)
  }

  /// The requests received so far.
  var requests: [Request] {
    output.lines.dropFirst().compactMap { try? JSONDecoder().decode(Request.self, from: Data($0.utf8)) }
  }

  /// The requests, once there are `count` (the receiver prints each before it answers, so the
  /// line is on its way when the worker has its answer), or after `seconds` whatever came.
  func requests(count: Int, within seconds: Double = 30) -> [Request] {
    _ = output.wait(until: Date().addingTimeInterval(seconds)) { $0.count > count ? true : nil }
    return requests
  }

  /// The requests, once each of `ids` has arrived (duplicates do not count: a total alone could be
  /// reached before the last reminder), or after `seconds` whatever came.
  func requests(covering ids: Set<String>, within seconds: Double) -> [Request] {
    var missing = ids
    var read = 1  // the first line is the port
    _ = output.wait(until: Date().addingTimeInterval(seconds)) { lines -> Bool? in
      // Only the lines new since the last look: this runs at every line.
      while read < lines.count {
        if let request = try? JSONDecoder().decode(Request.self, from: Data(lines[read].utf8)) {
          missing.remove(request.id)
        }
        read += 1
      }
      return missing.isEmpty ? true : nil
    }
    return requests
  }

  func stop() {
    process.terminate()
    process.waitUntilExit()
  }
}

/// Any JSON value, for reading a body back.
enum JSONAny: Decodable, Hashable {
  case string(String), number(Double), bool(Bool), object([String: JSONAny]), array([JSONAny]), null

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Double.self) {
      self = .number(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([JSONAny].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: JSONAny].self))
    }
  }
}

import Foundation
import HeraldTestSupport

/// A webhook receiver on loopback (Python's http.server) that a test breaks on purpose, by
/// commands on its standard input: `refuse` closes its listening socket (connections are
/// refused), `listen` opens it again on the same port, `hang` accepts requests and never answers
/// them, `hang NAME` does that to one user's requests only, `answer` answers 204 again, `slow S`
/// waits S seconds before each answer. It prints
/// one JSON line per request: its `webhook-id`, user, when it arrived, and whether it was
/// answered or left hanging.
final class FaultReceiver: @unchecked Sendable {
  static let script = """
    import http.server, json, socket, sys, threading, time
    lock = threading.Condition()
    state = {'hang': None, 'delay': 0.0}  # hang: None, '*' or a user's name
    def emit(record):
        with lock:
            sys.stdout.write(json.dumps(record) + '\\n'); sys.stdout.flush()
    open_connections = set()
    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = 'HTTP/1.1'  # kept-alive connections, as a real receiver has
        def setup(self):
            super().setup()
            with lock: open_connections.add(self.connection)
        def finish(self):
            with lock: open_connections.discard(self.connection)
            super().finish()
        def do_POST(self):
            body = self.rfile.read(int(self.headers['Content-Length']))
            at = time.time()
            wid = self.headers['webhook-id']
            user = json.loads(body).get('user')
            with lock:
                hung = state['hang'] in ('*', user)
                if hung:
                    sys.stdout.write(json.dumps({'id': wid, 'user': user, 'at': at, 'answered': False}) + '\\n')
                    sys.stdout.flush()
                    lock.wait_for(lambda: state['hang'] not in ('*', user))
            if hung:
                self.close_connection = True
                return
            time.sleep(state['delay'])
            emit({'id': wid, 'user': user, 'at': at, 'answered': True})
            self.send_response(204); self.send_header('Content-Length', '0'); self.end_headers()
        def log_message(self, *args): pass
    class Server(http.server.ThreadingHTTPServer):
        request_queue_size = 256
        daemon_threads = True
    def serve(port):
        server = Server(('127.0.0.1', port), Handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        return server
    server = serve(0)
    port = server.server_address[1]
    print(port, flush=True)
    for line in sys.stdin:
        command = line.split()
        if not command: continue
        if command[0] == 'refuse':
            # Down as a stopped receiver is: no listening socket, and kept-alive connections cut.
            server.shutdown(); server.server_close()
            with lock: cut = list(open_connections)
            for connection in cut:
                try: connection.shutdown(socket.SHUT_RDWR)
                except OSError: pass
        elif command[0] == 'listen':
            server = serve(port)
        elif command[0] == 'hang':
            with lock: state['hang'] = command[1] if len(command) > 1 else '*'; lock.notify_all()
        elif command[0] == 'slow':
            state['delay'] = float(command[1])
        elif command[0] == 'answer':
            with lock: state['hang'] = None; lock.notify_all()
        emit({'done': command[0]})
    """

  /// One request as the receiver saw it.
  struct Request: Decodable {
    var id: String
    var user: String
    /// When it arrived (Unix seconds).
    var at: Double
    var answered: Bool
  }

  private let process: Process
  private let input = Pipe()
  private let output: LineStream
  let url: URL

  init() throws {
    let started = try PythonReceiver(Self.script, input: input, name: "fault receiver")
    (process, output, url) = (started.process, started.output, started.url)
  }

  /// Sends a command and waits until the receiver has carried it out.
  func command(_ text: String) {
    let done = output.lines.count
    input.fileHandleForWriting.write(Data((text + "\n").utf8))
    let word = text.split(separator: " ").first.map(String.init) ?? text
    _ = output.wait(until: Date().addingTimeInterval(10)) { lines in
      lines.dropFirst(done).contains { $0.contains("\"done\": \"\(word)\"") } ? true : nil
    }
  }

  /// Every request so far.
  var requests: [Request] {
    output.lines.dropFirst().compactMap { try? JSONDecoder().decode(Request.self, from: Data($0.utf8)) }
  }

  /// The answered requests, once each of `ids` has been answered, or after `seconds`.
  func answered(covering ids: Set<String>, within seconds: Double) -> [Request] {
    var missing = ids
    var read = 1
    _ = output.wait(until: Date().addingTimeInterval(seconds)) { lines -> Bool? in
      while read < lines.count {
        if let request = try? JSONDecoder().decode(Request.self, from: Data(lines[read].utf8)),
          request.answered
        {
          missing.remove(request.id)
        }
        read += 1
      }
      return missing.isEmpty ? true : nil
    }
    return requests.filter(\.answered)
  }

  func stop() {
    process.terminate()
    process.waitUntilExit()
  }
}

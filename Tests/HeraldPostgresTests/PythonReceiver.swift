import Foundation
import HeraldSystem
import HeraldTestSupport

/// A receiver written in Python, started with an argument vector: it prints the port it listens
/// on as its first line, then whatever it reports, a line at a time.
struct PythonReceiver {
  let process: Process
  let output: LineStream
  /// `http://127.0.0.1:PORT/hook`.
  let url: URL

  /// Starts `python3 -c script arguments…`, with `input` as its standard input when given, and
  /// waits (20 s at most) for its port.
  init(_ script: String, _ arguments: [String] = [], input: Pipe? = nil, name: String) throws {
    process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script] + arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    if let input { process.standardInput = input }
    try process.start()
    output = LineStream(pipe.fileHandleForReading)
    guard let port = output.wait(until: Date().addingTimeInterval(20), for: { $0.first }),
      let url = URL(string: "http://127.0.0.1:\(port)/hook")
    else {
      process.terminate()
      throw PostgresTestError("the \(name) did not start")
    }
    self.url = url
  }
}

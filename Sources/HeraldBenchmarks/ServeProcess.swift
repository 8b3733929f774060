import Foundation
import HeraldTestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// A release `herald serve` in a child process, as a user runs it: the benchmark measures the
/// server's own resident memory and threads from /proc, untouched by the clients' side.
final class ServeProcess {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  let port: Int
  private let process: Process

  /// Starts `herald serve` (the one built next to this benchmark) on `database` and waits until
  /// it answers on `port`.
  init(database: String, port: Int) throws {
    self.port = port
    let herald = HeraldProcess.productsDirectory.appendingPathComponent("herald")
    guard FileManager.default.isExecutableFile(atPath: herald.path) else {
      throw Failure(description: "no \(herald.path): swift build -c release --product herald")
    }
    process = Process()
    process.executableURL = herald
    process.arguments = ["serve", "--database", database, "--port", String(port)]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.start()
    let deadline = Date().addingTimeInterval(20)
    while Date() < deadline {
      if let response = try? RawHTTPClient(port: port, timeout: 2).request(
        "GET", "/openapi.yaml", headers: [("Host", "127.0.0.1:\(port)")]), response.status == 200
      {
        return
      }
      guard process.isRunning else { break }
      Thread.sleep(forTimeInterval: 0.05)
    }
    stop()
    throw Failure(description: "herald serve did not answer on port \(port)")
  }

  deinit { stop() }

  /// SIGTERM, as the service manager sends it, then waits for the graceful shutdown; SIGKILL
  /// after `grace`, said on stderr, so a server that does not stop cannot hang the benchmark.
  func stop(grace: TimeInterval = 10) {
    guard process.isRunning else { return }
    process.terminate()
    let deadline = Date().addingTimeInterval(grace)
    while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
    if process.isRunning {
      FileHandle.standardError.write(
        Data("herald serve did not stop within \(grace) s of SIGTERM: killed\n".utf8))
      kill(process.processIdentifier, SIGKILL)
    }
    process.waitUntilExit()
  }

  /// A field of /proc/PID/status (`VmRSS`, `Threads`) as a number (kB for sizes).
  func status(_ field: String) -> Int {
    let path = "/proc/\(process.processIdentifier)/status"
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return 0 }
    for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
      return Int(line.dropFirst(field.count + 1).split(whereSeparator: \.isWhitespace).first ?? "") ?? 0
    }
    return 0
  }

  /// Raises this process's open-file limit to its hard limit; the server, started after, inherits
  /// it. Returns the new soft limit.
  static func raiseDescriptorLimit() -> Int {
    var limit = rlimit()
    guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 0 }
    limit.rlim_cur = limit.rlim_max
    _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    _ = getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    return Int(limit.rlim_cur)
  }

  /// A free port on the loopback interface, from the kernel.
  static func freePort() -> Int {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { return 18_081 }
    defer { _ = Glibc.close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
      }
    }
    return bound ? Int(UInt16(bigEndian: address.sin_port)) : 18_081
  }
}

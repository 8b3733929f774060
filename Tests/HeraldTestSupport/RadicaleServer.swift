import Foundation

/// A real CalDAV server for a test: Radicale (Debian's `radicale`, or `python3 -m radicale`) on a
/// free loopback port, with its own storage and a plain password file (`TESTING.md`). Without it
/// the tests are skipped — except under `HERALD_REQUIRE_CALDAV=1` (CI), where they fail.
public final class RadicaleServer: @unchecked Sendable {
  public static let required = ProcessInfo.processInfo.environment["HERALD_REQUIRE_CALDAV"] == "1"
  /// Whether a Radicale can be started here.
  public static let available: Bool = required || command != nil

  public let directory: TemporaryDirectory
  public let port: UInt16
  public let user = "alice"
  public let password = "secret"
  private let lock = NSLock()
  private var process: Process?

  private static var command: [String]? {
    for path in ["/usr/bin/radicale", "/usr/local/bin/radicale"]
    where FileManager.default.isExecutableFile(atPath: path) {
      return [path]
    }
    return nil
  }

  /// Starts the server and waits until it answers.
  public init() async throws {
    guard Self.command != nil else { throw RadicaleError("radicale is not installed") }
    directory = try TemporaryDirectory()
    port = try TCPTestServer.freePort()
    try "\(user):\(password)\n".write(toFile: directory.path("users"), atomically: true, encoding: .utf8)
    try """
    [server]
    hosts = 127.0.0.1:\(port)
    [auth]
    type = htpasswd
    htpasswd_filename = \(directory.path("users"))
    htpasswd_encryption = plain
    [storage]
    filesystem_folder = \(directory.path("collections"))
    [logging]
    level = info
    """.write(toFile: directory.path("config"), atomically: true, encoding: .utf8)
    try await start()
  }

  /// Starts the server on its port and storage (again, after `stop`) and waits until it answers.
  public func start() async throws {
    guard let command = Self.command else { throw RadicaleError("radicale is not installed") }
    let process = Process()
    // Its log names every request it answers (`requests(by:)`), across restarts. The shell
    // appends it to a file and becomes Radicale (same pid, so signals reach it): a FileHandle of
    // our own given to Process would be closed twice — once by Process, once when it is freed —
    // and the second close can hit a descriptor reused meanwhile (Dispatch's timers, once).
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = [
      "-c", #"exec "$0" --config "$1" 2>>"$2""#, command[0], directory.path("config"),
      directory.path("radicale.log"),
    ]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    // Unblocked, or the server inherits the test runner's blocked signals and ignores SIGTERM.
    try process.start()
    lock.withLock { self.process = process }
    for _ in 0..<500 {
      if try await request("OPTIONS", "/") != 0 { return }
      try await Task.sleep(for: .milliseconds(20))
    }
    stop()
    throw RadicaleError("radicale did not start on port \(port)")
  }

  /// Freezes the server (SIGSTOP): connections are accepted by the kernel and never answered.
  public func freeze() { signal(SIGSTOP) }

  /// Lets a frozen server go on (SIGCONT).
  public func thaw() { signal(SIGCONT) }

  private func signal(_ number: Int32) {
    guard let process = lock.withLock({ self.process }), process.isRunning else { return }
    kill(process.processIdentifier, number)
  }

  /// The URL of `path` on the server.
  public func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

  /// One request as the user, made by curl the way another client would make it; returns the
  /// status (0 when nothing answered).
  @discardableResult
  public func request(_ method: String, _ path: String, body: String? = nil, contentType: String? = nil)
    async throws -> Int
  {
    try await exchange(method, path, body: body, contentType: contentType).status
  }

  /// One request as the user, as `request` makes it; returns the status and the answer's body.
  public func exchange(_ method: String, _ path: String, body: String? = nil, contentType: String? = nil)
    async throws -> (status: Int, body: String)
  {
    let curl = Process()
    curl.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
    curl.arguments =
      ["-s", "-m", "10", "-w", "\n%{http_code}", "-u", "\(user):\(password)", "-X", method]
      + (contentType.map { ["-H", "Content-Type: \($0)"] } ?? [])
      + (body == nil ? [] : ["--data-binary", "@-"])
      + [url(path)]
    let input = Pipe()
    let output = Pipe()
    curl.standardInput = input
    curl.standardOutput = output
    curl.standardError = FileHandle.nullDevice
    try curl.start()
    try input.fileHandleForWriting.write(contentsOf: Data((body ?? "").utf8))
    try input.fileHandleForWriting.close()
    let answer = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    curl.waitUntilExit()
    // The status is the last line (`-w`), after the body.
    let split = answer.lastIndex(of: "\n") ?? answer.startIndex
    let status = Int(answer[split...].dropFirst()) ?? 0
    return (status, String(answer[..<split]))
  }

  /// The requests the server has answered so far from clients whose `User-Agent` is `agent`, in
  /// order, as its log names them: `REPORT /alice/focus/`.
  public func requests(by agent: String) -> [String] {
    let log = (try? String(contentsOfFile: directory.path("radicale.log"), encoding: .utf8)) ?? ""
    return log.split(separator: "\n").compactMap { line in
      guard line.hasSuffix("using '\(agent)'"),
        let match = line.firstMatch(of: /\] ([A-Z]+) request for '([^']*)'/)
      else { return nil }
      return "\(match.1) \(match.2)"
    }
  }

  /// Stops the server (its storage stays until `remove`).
  public func stop() {
    guard let process = lock.withLock({ self.process }), process.isRunning else { return }
    // A frozen server must be let go on to end.
    kill(process.processIdentifier, SIGCONT)
    process.terminate()
    process.waitUntilExit()
  }

  /// Stops the server and removes its files.
  public func remove() {
    stop()
    directory.remove()
  }
}

/// Radicale could not be started or asked.
public struct RadicaleError: Error, CustomStringConvertible {
  public var description: String
  public init(_ description: String) { self.description = description }
}

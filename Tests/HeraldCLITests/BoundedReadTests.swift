import Foundation
import HeraldTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Every reader ends, with one line on stderr, within the bound docs/choices.md ("Limits")
/// gives it: a file by its size (`/dev/zero` is refused at the limit, not read forever), a FIFO
/// or device by the 30 s it may take, a calendar server by 30 s for a whole read, however
/// slowly it trickles.
@Suite struct BoundedReadTests {
  /// `herald` started now; SIGKILLed if it has not ended `seconds` later, so a reader that does
  /// not end fails the test instead of hanging it.
  final class Command: @unchecked Sendable {
    let arguments: [String]
    private let process: Process
    private let out = Pipe()
    private let err = Pipe()
    private let started = ContinuousClock.now
    private let watchdog: DispatchWorkItem

    init(_ arguments: [String], killedAfter seconds: Double) throws {
      self.arguments = arguments
      process = HeraldProcess.process(arguments)
      process.standardInput = FileHandle.nullDevice
      process.standardOutput = out
      process.standardError = err
      try process.run()
      let process = process
      // SIGKILL: SIGTERM may be blocked in the child (it inherits the test thread's mask). Only
      // while it runs: once reaped, its id may name another process.
      watchdog = DispatchWorkItem { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
      DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: watchdog)
    }

    struct Ending {
      var status: Int32
      var stdout: String
      var stderr: String
      /// Seconds from the start to the end of its output.
      var seconds: Double
      var killed: Bool
    }

    /// Waits for the process to end (or be killed).
    func wait() -> Ending {
      let stdout = out.fileHandleForReading.readDataToEndOfFile()
      let stderr = err.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      watchdog.cancel()
      let elapsed = started.duration(to: .now).components
      return Ending(
        status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
        stderr: String(decoding: stderr, as: UTF8.self),
        seconds: Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18,
        killed: process.terminationReason == .uncaughtSignal)
    }
  }

  /// Checks that `ending` is a refusal: exit 1, nothing on stdout, one line on stderr holding
  /// `message`, within `seconds`.
  static func expectRefused(
    _ command: Command, _ ending: Command.Ending, message: String, within seconds: Double,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let what = "\(command.arguments): \(ending.stderr.debugDescription) after \(ending.seconds) s"
    #expect(!ending.killed, "still running: \(what)", sourceLocation: sourceLocation)
    #expect(ending.status == 1, "\(what)", sourceLocation: sourceLocation)
    #expect(ending.stdout.isEmpty, "\(what)", sourceLocation: sourceLocation)
    #expect(ending.stderr.hasPrefix("error: "), "\(what)", sourceLocation: sourceLocation)
    #expect(ending.stderr.filter { $0 == "\n" }.count == 1, "\(what)", sourceLocation: sourceLocation)
    #expect(ending.stderr.contains(message), "\(what)", sourceLocation: sourceLocation)
    #expect(ending.seconds <= seconds, "\(what)", sourceLocation: sourceLocation)
  }

  static let now = "2026-11-23T07:00:00Z"
  static let route = "examples/gpx/visnjan-route.json"

  /// Each reader pointed at `path`, with the database `db` where it writes.
  static func readers(of path: String, db: CLIDatabase) -> [[String]] {
    [
      ["plan", "--scenario", path, "--now", now],
      ["import", path, "--database", db.path],
      ["plan", "--scenario", "examples/scenario.json", "--calendar", path, "--now", now],
      ["calendar", "add", path, "--name", "z", "--database", db.path],
      ["route", "import", path, "--database", db.path],
      ["route", "replay", "--route", route, "--track", path],
    ]
  }

  @Test func devZeroIsRefusedAtEachReadersLimit() throws {
    let db = try CLIDatabase()
    defer { db.remove() }
    let messages = [
      "/dev/zero: larger than 64 MiB, the most Herald reads here",
      "/dev/zero: larger than 64 MiB, the most Herald reads here",
      // Streamed: the first content line never ends.
      "/dev/zero: line 1: a content line longer than 16 MiB, the most Herald reads",
      "/dev/zero: larger than 256 MiB, the most Herald reads here",
      "/dev/zero: larger than 64 MiB, the most Herald reads here",
      // Streamed: a NUL is no XML.
      "/dev/zero: not well-formed XML",
    ]
    // One at a time: each holds at most its limit in memory. Killed soon: a reader without a
    // limit grows by gigabytes in seconds.
    for (arguments, message) in zip(Self.readers(of: "/dev/zero", db: db), messages) {
      let command = try Command(arguments, killedAfter: 25)
      Self.expectRefused(command, command.wait(), message: message, within: 20)
    }
  }

  @Test func aFIFONobodyWritesToEndsAfterThirtySeconds() throws {
    let db = try CLIDatabase()
    defer { db.remove() }
    // Started together (they wait, not work), each on a FIFO of its own.
    let commands = try Self.readers(of: "", db: db).enumerated().map { index, arguments in
      let fifo = db.directory.path("fifo\(index)")
      #expect(mkfifo(fifo, 0o600) == 0)
      return try Command(arguments.map { $0.isEmpty ? fifo : $0 }, killedAfter: 60)
    }
    for command in commands {
      Self.expectRefused(
        command, command.wait(),
        message: "not read to its end within 30 s, the longest Herald waits for a pipe or device", within: 45)
    }
  }
}

/// A calendar server that answers `PROPFIND` with 405 (no CalDAV here) and `GET` with
/// `head`, then `body`, one byte a second, until the client goes.
struct TricklingServer {
  let server: TCPTestServer
  var url: String { "http://127.0.0.1:\(server.port)/feed.ics" }

  init(head: String, body: String) throws {
    server = try TCPTestServer { connection, _ in
      guard let request = connection.readLine(timeout: 10) else { return }
      // The rest of the head; a PROPFIND's body is never read, since the connection closes.
      while let line = connection.readLine(timeout: 10), line != "\r" {}
      guard request.hasPrefix("GET ") else {
        connection.send("HTTP/1.1 405 Method Not Allowed\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
        return
      }
      connection.send(head)
      for byte in body {
        connection.send(String(byte))
        // A second between bytes, or less when the client closes (then the loop ends).
        _ = connection.readLine(timeout: 1)
        if connection.isClosed { return }
      }
    }
  }
}

extension BoundedReadTests {
  static let feed = """
    BEGIN:VCALENDAR\r
    VERSION:2.0\r
    PRODID:-//Herald//tests//EN\r
    END:VCALENDAR\r

    """

  @Test func aFeedSendingAByteASecondIsGivenUpOnAfterThirtySeconds() throws {
    let db = try CLIDatabase()
    defer { db.remove() }
    let slow = try TricklingServer(
      head:
        "HTTP/1.1 200 OK\r\nContent-Type: text/calendar\r\nContent-Length: \(Self.feed.utf8.count)\r\n\r\n",
      body: Self.feed)
    defer { slow.server.stop() }
    let command = try Command(
      ["calendar", "add", slow.url, "--name", "slow", "--database", db.path], killedAfter: 60)
    Self.expectRefused(
      command, command.wait(),
      message:
        "\(slow.url): gave no whole answer within 30 s, the longest Herald waits for a calendar server",
      within: 40)
    #expect(try db.succeed(["calendar", "list"]).isEmpty)
  }

  @Test func aFeedLargerThanTheLimitIsRefusedByItsLength() throws {
    let db = try CLIDatabase()
    defer { db.remove() }
    let large = try TricklingServer(
      head: "HTTP/1.1 200 OK\r\nContent-Type: text/calendar\r\nContent-Length: \(65 << 20)\r\n\r\n",
      body: Self.feed)
    defer { large.server.stop() }
    let command = try Command(
      ["calendar", "add", large.url, "--name", "large", "--database", db.path], killedAfter: 60)
    Self.expectRefused(
      command, command.wait(),
      message: "\(large.url): answered with more than 64 MiB, the most Herald reads from a calendar server",
      within: 10)
  }
}

import Foundation
import HeraldInterchange
import HeraldSystem
import HeraldTestSupport

/// `herald run` as a child process on a test's own desktop, its stdout and stderr collected as
/// they arrive, on a fast clock that reads `clockStart` at the real instant `anchor`.
final class DesktopDaemon: Sendable {
  private let process: Process
  private let exited = DispatchSemaphore(value: 0)
  private let output: LineStream
  private let errors: LineStream
  let clockStart: Date
  let speed: Double
  let anchor: Date
  let database: String

  /// Starts `herald run --sink desktop --sink stdout` on `desktop`'s bus, with `database`.
  init(
    desktop: PrivateDesktop, database: String, clockStart: Date, speed: Double, anchor: Date,
    extra: [String] = []
  ) throws {
    self.clockStart = clockStart
    self.speed = speed
    self.anchor = anchor
    self.database = database
    process = HeraldProcess.process(
      [
        "run", "--database", database, "--sink", "desktop", "--sink", "stdout",
        "--clock-start", RFC3339.utcString(clockStart), "--clock-speed", "\(speed)",
        "--clock-anchor", RFC3339.utcString(anchor), "--time-zone", "UTC", "--verbose",
      ] + extra, environment: desktop.environment)
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.terminationHandler = { [exited] _ in exited.signal() }
    try process.start()
    output = LineStream(out.fileHandleForReading)
    errors = LineStream(err.fileHandleForReading)
  }

  var pid: Int32 { process.processIdentifier }
  var stdout: String { output.lines.joined(separator: "\n") }
  var stderr: String { errors.lines.joined(separator: "\n") }

  /// The real instant at which the fast clock reads `instant`.
  func real(_ instant: Date) -> Date {
    anchor.addingTimeInterval(instant.timeIntervalSince(clockStart) / speed)
  }

  /// What the fast clock read at the real instant `date`.
  func clock(at date: Date) -> Date {
    clockStart.addingTimeInterval(date.timeIntervalSince(anchor) * speed)
  }

  /// Waits until `found` makes something of the delivery lines so far, or `deadline` passes.
  func deliveries<T>(until deadline: Date, _ found: ([DeliveredLine]) -> T?) -> T? {
    output.wait(until: deadline) { found($0.compactMap(DeliveredLine.init)) }
  }

  /// Waits until stderr has a line containing `text`, or `deadline` passes.
  func waitForLog(_ text: String, until deadline: Date) -> Bool {
    errors.wait(until: deadline) { $0.contains { $0.contains(text) } ? true : nil } ?? false
  }

  /// Sends `signal` and waits for the exit, up to `seconds` (then SIGKILL). The exit status, or
  /// `nil` when it did not exit by itself (or a signal ended it).
  @discardableResult
  func end(with signal: Int32 = SIGTERM, within seconds: Double = 15) -> Int32? {
    guard process.isRunning else { return nil }
    kill(process.processIdentifier, signal)
    guard exited.wait(timeout: .now() + seconds) == .success else {
      forceStop()
      return nil
    }
    process.waitUntilExit()
    return process.terminationReason == .exit ? process.terminationStatus : nil
  }

  /// Ends it at once (SIGKILL), if it still runs.
  func forceStop() {
    guard process.isRunning else { return }
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }
}

/// The machine's processes, as `ps` lists them.
enum ProcessTable {
  struct Entry: Sendable {
    var pid: Int32
    var parent: Int32
    var arguments: String
  }

  /// Every process: its id, its parent's and its command line.
  static func all() throws -> [Entry] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/ps")
    process.arguments = ["-eo", "pid=,ppid=,args="]
    let output = Pipe()
    process.standardOutput = output
    try process.start()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { line in
      let fields = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
      guard fields.count == 3, let pid = Int32(fields[0]), let parent = Int32(fields[1]) else { return nil }
      return Entry(pid: pid, parent: parent, arguments: String(fields[2]))
    }
  }

  /// The children of process `pid`.
  static func children(of pid: Int32) throws -> [Entry] { try all().filter { $0.parent == pid } }

  /// Processes whose command line mentions `text` (a test's own database path), or whose parent
  /// is `pid`: what would be left of one herald process.
  static func leftovers(of pid: Int32, mentioning text: String) throws -> [Entry] {
    try all().filter { $0.parent == pid || ($0.arguments.contains(text) && !$0.arguments.hasPrefix("ps ")) }
  }
}

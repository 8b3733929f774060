import Foundation
import HeraldSystem

/// `dbus-monitor` watching the session bus for a test: what it prints is collected as it arrives
/// and read back as a `DBusMonitorLog`.
public final class DBusMonitor: Sendable {
  private let process: Process
  private let exited = DispatchSemaphore(value: 0)
  private let output: LineStream

  /// Starts `dbus-monitor` on `bus` with match `rules` and waits (up to `timeout` seconds) until
  /// it is listening: it prints the bus's greeting to it first.
  public init(bus: SessionBus = .environment, rules: [String], timeout: Double = 10) throws {
    guard let executable = SessionBus.executable("dbus-monitor") else {
      throw SessionBus.Failure("dbus-monitor not found on PATH")
    }
    process = Process()
    process.executableURL = executable
    process.arguments = bus.monitorArguments + rules
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    process.terminationHandler = { [exited] _ in exited.signal() }
    try process.start()
    output = LineStream(pipe.fileHandleForReading)
    guard output.wait(until: Date(timeIntervalSinceNow: timeout), for: { $0.isEmpty ? nil : true }) != nil
    else {
      stop()
      throw SessionBus.Failure("dbus-monitor printed nothing within \(timeout) s")
    }
  }

  /// What was seen so far.
  public var log: DBusMonitorLog { DBusMonitorLog(output.lines) }

  /// Waits until `found` makes something of the log, or `deadline` passes.
  public func wait<T>(until deadline: Date, for found: (DBusMonitorLog) -> T?) -> T? {
    output.wait(until: deadline) { found(DBusMonitorLog($0)) }
  }

  /// Ends `dbus-monitor` (SIGTERM, then SIGKILL after 5 seconds) and waits for it.
  public func stop() {
    guard process.isRunning else { return }
    process.terminate()
    if exited.wait(timeout: .now() + 5) == .timedOut, process.isRunning {
      kill(process.processIdentifier, SIGKILL)
    }
    process.waitUntilExit()
  }
}

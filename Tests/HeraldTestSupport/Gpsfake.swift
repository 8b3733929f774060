import Foundation
import HeraldSystem

/// gpsd's test harness: `gpsfake` starts a real gpsd on a port of its own and feeds it an NMEA
/// log through a pseudo-terminal, as a receiver would (the parts `.ci/run` installs).
public final class Gpsfake: @unchecked Sendable {
  public let port: UInt16
  private let process: Process
  private let exited = DispatchSemaphore(value: 0)

  /// Where `gpsfake` is, if installed (Debian: `gpsd` and `gpsd-clients`).
  public static var executable: URL? { SessionBus.executable("gpsfake") }

  /// Plays `log` once (`-1`), one sentence every `cycle` seconds, with gpsd on `port`; returns
  /// once gpsd accepts connections there.
  public init(log: String, port: UInt16, cycle: Double = 0.02, output: String) throws {
    guard let executable = Self.executable else {
      throw SessionBus.Failure("gpsfake not found on PATH (apt-get install gpsd gpsd-clients)")
    }
    self.port = port
    process = Process()
    process.executableURL = executable
    process.arguments = ["-1", "-q", "-P", String(port), "-c", String(cycle), log]
    _ = FileManager.default.createFile(atPath: output, contents: nil)
    let handle = FileHandle(forWritingAtPath: output)
    process.standardOutput = handle
    process.standardError = handle
    process.standardInput = FileHandle.nullDevice
    process.terminationHandler = { [exited] _ in exited.signal() }
    try process.start()
    // Ready once gpsd lists the pseudo-terminal gpsfake feeds: before that it listens already,
    // but a client may see its connection dropped while the device is being added.
    let deadline = Date().addingTimeInterval(15)
    while Date() < deadline {
      if Self.hasDevice(port: port) { return }
      guard process.isRunning else { break }
      Thread.sleep(forTimeInterval: 0.1)
    }
    stop()
    throw SessionBus.Failure("gpsfake did not listen on \(port) within 15 s (see \(output))")
  }

  /// Whether gpsd on `port` answers `?DEVICES;` with at least one device.
  private static func hasDevice(port: UInt16) -> Bool {
    guard let socket = try? LineSocket(host: "127.0.0.1", port: port, timeout: 1, maximumLineLength: 1 << 16),
      (try? socket.send("?DEVICES;\n")) != nil
    else { return false }
    let deadline = Date().addingTimeInterval(1)
    while Date() < deadline {
      guard case .lines(let lines)? = try? socket.read(timeout: 0.2) else { continue }
      if lines.contains(where: { $0?.contains(#""class":"DEVICES","devices":[{"#) == true }) { return true }
    }
    return false
  }

  /// Waits up to `timeout` seconds for the log to be played out and gpsfake to end.
  @discardableResult
  public func waitForExit(timeout: Double) -> Bool {
    exited.wait(timeout: .now() + timeout) == .success
  }

  /// Ends gpsfake (SIGTERM: it stops its gpsd on the way out), SIGKILL after 5 seconds.
  public func stop() {
    guard process.isRunning else { return }
    process.terminate()
    if exited.wait(timeout: .now() + 5) == .timedOut, process.isRunning {
      kill(process.processIdentifier, SIGKILL)
    }
  }

  deinit { stop() }
}

import Foundation
import HeraldSystem
import Logging

/// Hears every `ActionInvoked` signal of the freedesktop Notifications interface on the session
/// bus, whoever sends it, by running `dbus-monitor` with an argument vector and reading its output.
///
/// `notify-send --wait` reports a button only when the signal comes from the notification server's
/// own connection (libnotify filters on the sender); a signal from anyone else, such as a relay or
/// `dbus-send`, is dropped there. The daemon therefore listens itself. `dbus-monitor` stops with
/// this object (or, should the daemon die, at the next signal it cannot write).
final class ActionSignalListener: Sendable {
  private let process: Process

  /// Starts `dbus-monitor`; `onSignal` gets the notification id and the action key, on a thread
  /// of its own. Throws when `dbus-monitor` cannot be started.
  init(executable: URL, logger: Logger, onSignal: @escaping @Sendable (UInt32, String) -> Void) throws {
    process = Process()
    process.executableURL = executable
    process.arguments = [
      "--session", "type='signal',interface='org.freedesktop.Notifications',member='ActionInvoked'",
    ]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.runWithSignalsUnblocked()
    let reading = output.fileHandleForReading
    Thread.detachNewThread {
      var parser = Parser()
      reading.forEachLine { line in
        if let (id, key) = parser.feed(line) { onSignal(id, key) }
      }
      logger.debug("dbus-monitor ended")
    }
  }

  deinit {
    if process.isRunning { process.terminate() }
  }

  /// Reads `dbus-monitor`'s text: a header line per message at column 0, then its arguments
  /// indented, `uint32 7` and `string "snooze"` for an `ActionInvoked`.
  struct Parser {
    private var inSignal = false
    private var id: UInt32?

    /// Takes one line; returns the id and key once a whole `ActionInvoked` has been read.
    mutating func feed(_ line: String) -> (UInt32, String)? {
      guard line.first?.isWhitespace == true else {
        inSignal = line.hasPrefix("signal ") && line.contains("member=ActionInvoked")
        id = nil
        return nil
      }
      guard inSignal else { return nil }
      let text = line.trimmingCharacters(in: .whitespaces)
      if id == nil, text.hasPrefix("uint32 ") {
        id = UInt32(text.dropFirst("uint32 ".count))
      } else if let id, text.hasPrefix("string \""), text.hasSuffix("\""), text.count >= "string \"\"".count {
        inSignal = false
        return (id, String(text.dropFirst("string \"".count).dropLast()))
      }
      return nil
    }
  }
}

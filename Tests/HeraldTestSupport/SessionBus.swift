import Foundation

/// The D-Bus session bus of the test run (`DBUS_SESSION_BUS_ADDRESS`), spoken to with `dbus-send`
/// run with an argument vector.
public enum SessionBus {
  /// The bus's address, when the environment names one.
  public static var address: String? { ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"] }

  /// Whether the bus answers a call to itself.
  public static func isReachable() -> Bool {
    guard address != nil else { return false }
    let reply = try? send([
      "--print-reply", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus.GetId",
    ])
    return reply?.status == 0
  }

  /// Whether a connection owns `name` (for example the notification server's well-known name).
  public static func hasOwner(_ name: String) throws -> Bool {
    let reply = try send([
      "--print-reply", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus",
      "org.freedesktop.DBus.NameHasOwner", "string:\(name)",
    ])
    return reply.status == 0 && reply.output.contains("boolean true")
  }

  /// Emits `ActionInvoked(id, key)` as a notification server does when the user presses a button.
  public static func emitActionInvoked(id: UInt32, key: String) throws {
    let reply = try send([
      "--type=signal", "/org/freedesktop/Notifications", "org.freedesktop.Notifications.ActionInvoked",
      "uint32:\(id)", "string:\(key)",
    ])
    guard reply.status == 0 else { throw Failure("dbus-send exited with \(reply.status): \(reply.output)") }
  }

  /// Asks the notification server to close notification `id` (a waiting `notify-send` then ends).
  public static func closeNotification(id: UInt32) throws {
    _ = try send([
      "--print-reply", "--dest=org.freedesktop.Notifications", "/org/freedesktop/Notifications",
      "org.freedesktop.Notifications.CloseNotification", "uint32:\(id)",
    ])
  }

  /// The first executable called `name` on `PATH`.
  public static func executable(_ name: String) -> URL? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
      .first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }

  /// Runs `dbus-send --session` with `arguments` and waits for it.
  private static func send(_ arguments: [String]) throws -> (status: Int32, output: String) {
    guard let dbusSend = executable("dbus-send") else { throw Failure("dbus-send not found on PATH") }
    let process = Process()
    process.executableURL = dbusSend
    process.arguments = ["--session"] + arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  /// Something on the bus did not work as a test needs.
  public struct Failure: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
  }
}

import Foundation
import HeraldSystem

/// A D-Bus session bus spoken to with `dbus-send`, run with an argument vector: the test run's
/// own (`DBUS_SESSION_BUS_ADDRESS`), or a private one at `address` (`PrivateDesktop`).
public struct SessionBus: Sendable {
  /// The bus's address; `nil` for the environment's session bus.
  public let address: String?

  public init(address: String?) {
    self.address = address
  }

  /// The session bus the environment names.
  public static var environment: SessionBus {
    SessionBus(address: ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"])
  }

  /// Whether the bus answers a call to itself.
  public func isReachable() -> Bool {
    let reply = try? send([
      "--print-reply", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus.GetId",
    ])
    return reply?.status == 0
  }

  /// Whether a connection owns `name` (for example the notification server's well-known name).
  public func hasOwner(_ name: String) throws -> Bool {
    let reply = try send([
      "--print-reply", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus",
      "org.freedesktop.DBus.NameHasOwner", "string:\(name)",
    ])
    return reply.status == 0 && reply.output.contains("boolean true")
  }

  /// The unique name of the connection that owns `name`, if any.
  public func owner(of name: String) throws -> String? {
    let reply = try send([
      "--print-reply", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus",
      "org.freedesktop.DBus.GetNameOwner", "string:\(name)",
    ])
    guard reply.status == 0, let start = reply.output.range(of: "string \"") else { return nil }
    let rest = reply.output[start.upperBound...]
    return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
  }

  /// Emits `ActionInvoked(id, key)` as a notification server does when the user presses a button.
  public func emitActionInvoked(id: UInt32, key: String) throws {
    let reply = try send([
      "--type=signal", "/org/freedesktop/Notifications", "org.freedesktop.Notifications.ActionInvoked",
      "uint32:\(id)", "string:\(key)",
    ])
    guard reply.status == 0 else { throw Failure("dbus-send exited with \(reply.status): \(reply.output)") }
  }

  /// Asks the notification server to close notification `id`.
  public func closeNotification(id: UInt32) throws {
    _ = try send([
      "--print-reply", "--dest=org.freedesktop.Notifications", "/org/freedesktop/Notifications",
      "org.freedesktop.Notifications.CloseNotification", "uint32:\(id)",
    ])
  }

  /// The arguments that name this bus to `dbus-send`.
  var sendArguments: [String] { address.map { ["--bus=\($0)"] } ?? ["--session"] }

  /// The arguments that name this bus to `dbus-monitor`.
  var monitorArguments: [String] { address.map { ["--address", $0] } ?? ["--session"] }

  /// The first executable called `name` on `PATH`.
  public static func executable(_ name: String) -> URL? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
      .first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }

  /// Runs `dbus-send` on this bus with `arguments` and waits for it.
  private func send(_ arguments: [String]) throws -> (status: Int32, output: String) {
    guard let dbusSend = Self.executable("dbus-send") else { throw Failure("dbus-send not found on PATH") }
    let process = Process()
    process.executableURL = dbusSend
    process.arguments = sendArguments + arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.start()
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

import Foundation
import HeraldDBus
import HeraldSystem
import Logging

/// Herald's client of `org.freedesktop.Notifications` on the session bus, over a connection of its
/// own (`BusConnection`).
///
/// It reads `GetServerInformation` and `GetCapabilities` once per server, hears `ActionInvoked`,
/// `NotificationClosed` and the server's coming and going (`NameOwnerChanged`) on the same
/// connection, and connects again when the bus goes away, retrying every `retryInterval`. What it
/// hears arrives as `events`.
actor NotificationServer {
  /// Something the bus said.
  enum Event: Sendable, Hashable {
    /// A button was pressed (from any sender: a relay or a test may speak for the server).
    case actionInvoked(id: UInt32, key: String)
    /// A notification closed: 1 expired, 2 dismissed by the user, 3 closed by a call, 4 other.
    case closed(id: UInt32, reason: UInt32)
    /// Another server took over the name, or the connection was made anew: what the old one showed
    /// is gone with it, and capabilities are read again.
    case serverChanged
  }

  static let name = "org.freedesktop.Notifications"
  static let path = "/org/freedesktop/Notifications"

  /// What the bus said, in order.
  nonisolated let events: AsyncStream<Event>
  private let continuation: AsyncStream<Event>.Continuation
  private let library: SDBus
  private let logger: Logger
  private let retryInterval: Duration
  private var connection: BusConnection?
  private var session: ServerSession?
  private var reconnecting: Task<Void, Never>?
  private var stopped = false

  init(library: SDBus, logger: Logger, retryInterval: Duration = .seconds(1)) {
    (events, continuation) = AsyncStream.makeStream(of: Event.self, bufferingPolicy: .unbounded)
    self.library = library
    self.logger = logger
    self.retryInterval = retryInterval
  }

  /// The server now, connecting first when needed: which instance, and what it can do.
  func currentSession() async throws(DBusError) -> ServerSession {
    if let session, connection?.isOpen == true { return session }
    let connection = try connect()
    func call(_ member: String) async throws(DBusError) -> [DBusValue] {
      try await connection.call(
        destination: Self.name, path: Self.path, interface: Self.name, member: member)
    }
    // Asking the well-known name first lets the bus start a server it can activate.
    let information = try await call("GetServerInformation")
    let capabilities = try await call("GetCapabilities")
    let owner = try await connection.call(
      destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
      member: "GetNameOwner", arguments: [.string(Self.name)]
    ).first?.string
    let texts = information.map { $0.string ?? "" } + Array(repeating: "", count: 4)
    let found = ServerSession(
      instance: "\(connection.busID)/\(owner ?? "?")",
      capabilities: Set(capabilities.first?.elements?.compactMap(\.string) ?? []), name: texts[0],
      vendor: texts[1], version: texts[2], specificationVersion: texts[3])
    if found != session {
      logger.info(
        "notification server",
        metadata: [
          "name": "\(found.name)", "version": "\(found.version)",
          "capabilities": "\(found.capabilities.sorted().joined(separator: ","))",
        ])
    }
    session = found
    return found
  }

  /// Shows `request`, in place of notification `replacesID` when it is not 0; returns the id the
  /// server gave it.
  func notify(_ request: NotifyRequest, replacing replacesID: UInt32 = 0) async throws(DBusError) -> UInt32 {
    let connection = try connect()
    let reply = try await connection.call(
      destination: Self.name, path: Self.path, interface: Self.name, member: "Notify",
      arguments: request.arguments(replacing: replacesID))
    guard let id = reply.first?.uint32 else {
      throw DBusError("reading the reply to Notify", code: EBADMSG)
    }
    return id
  }

  /// Takes notification `id` off the screen; a notification already gone is no error.
  func close(_ id: UInt32) async {
    guard let connection = try? connect() else { return }
    do {
      _ = try await connection.call(
        destination: Self.name, path: Self.path, interface: Self.name, member: "CloseNotification",
        arguments: [.uint32(id)])
    } catch {
      logger.debug("CloseNotification failed", metadata: ["id": "\(id)", "error": "\(error)"])
    }
  }

  /// Closes the connection for good; `events` ends.
  func stop() {
    stopped = true
    reconnecting?.cancel()
    connection?.close()
    connection = nil
    continuation.finish()
  }

  // MARK: Connecting

  private func connect() throws(DBusError) -> BusConnection {
    if let connection, connection.isOpen { return connection }
    guard !stopped else { throw DBusError("connecting to the session bus", code: ESHUTDOWN) }
    let continuation = continuation
    let opened = try BusConnection(
      library: library,
      matching: [
        "type='signal',interface='\(Self.name)',member='ActionInvoked'",
        "type='signal',interface='\(Self.name)',member='NotificationClosed'",
        "type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',"
          + "member='NameOwnerChanged',arg0='\(Self.name)'",
      ],
      onSignal: { [weak self] signal in
        let arguments = signal.arguments
        switch signal.member {
        case "ActionInvoked":
          guard arguments.count == 2, let id = arguments[0].uint32, let key = arguments[1].string else {
            return
          }
          continuation.yield(.actionInvoked(id: id, key: key))
        case "NotificationClosed":
          guard arguments.count == 2, let id = arguments[0].uint32, let reason = arguments[1].uint32 else {
            return
          }
          continuation.yield(.closed(id: id, reason: reason))
        case "NameOwnerChanged":
          Task { await self?.serverChanged() }
        default: break
        }
      },
      onDisconnect: { [weak self] error in Task { await self?.lost(error) } })
    connection = opened
    logger.debug("connected to the session bus", metadata: ["name": "\(opened.uniqueName)"])
    return opened
  }

  /// The server left or another took the name: its notifications are gone, its abilities unknown.
  private func serverChanged() {
    session = nil
    continuation.yield(.serverChanged)
  }

  /// The bus dropped the connection (or stopped): try again until it is back.
  private func lost(_ error: DBusError) {
    connection = nil
    session = nil
    guard !stopped, reconnecting == nil else { return }
    logger.warning("lost the session bus; reconnecting", metadata: ["error": "\(error)"])
    reconnecting = Task { await reconnect() }
  }

  private func reconnect() async {
    defer { reconnecting = nil }
    while !stopped, !Task.isCancelled {
      // Real time, not the reminders' clock: this waits for the bus, not for a reminder.
      try? await Task.sleep(for: retryInterval)
      guard (try? connect()) != nil else { continue }
      logger.notice("reconnected to the session bus")
      continuation.yield(.serverChanged)
      return
    }
  }
}

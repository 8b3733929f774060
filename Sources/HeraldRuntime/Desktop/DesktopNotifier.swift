import Foundation
import HeraldContracts
import HeraldCore
import HeraldDBus
import HeraldSQLite
import HeraldSystem
import Logging

/// What Herald has on the desktop, slot by slot, and the lifecycle of each notification: shown,
/// replaced in place, closed once answered, given back its buttons after a crash, closed before
/// the daemon stops.
///
/// Each notification's server and id are kept in the store with its slot (`desktopNotification`),
/// so a restarted daemon still replaces and closes what an earlier run showed. Ids are used only
/// with the server instance that gave them: after the server or the bus restarted, an old id
/// could name someone else's notification.
actor DesktopNotifier {
  /// A button `action` was pressed on the notification in `slot`.
  typealias Pressed = @Sendable (_ action: NotificationAction, _ slot: String) async -> Void

  private let server: NotificationServer
  private let store: SQLiteStore
  private let logger: Logger
  private let onAction: Pressed
  private var listening: Task<Void, Never>?
  /// Slots whose notification the user closed, until something is shown there again.
  private var dismissed = Set<String>()

  init(server: NotificationServer, store: SQLiteStore, logger: Logger, onAction: @escaping Pressed) {
    self.server = server
    self.store = store
    self.logger = logger
    self.onAction = onAction
  }

  /// Starts hearing the server's signals.
  func listen() {
    guard listening == nil else { return }
    let events = server.events
    listening = Task { [weak self] in
      for await event in events {
        guard let self else { return }
        await self.handle(event)
      }
    }
  }

  /// Shows what `render` makes for the server in `slot`: in place of what the slot shows, when
  /// the same server showed it. Returns the notification's id.
  @discardableResult
  func show(slot: String, _ render: @Sendable (ServerSession) -> NotifyRequest) async throws(EnvironmentError)
    -> UInt32
  {
    let session = try await currentSession(for: "showing a notification")
    let request = render(session)
    let previous = try? shown(in: slot, on: session)
    do {
      let id = try await server.notify(request, replacing: previous?.notificationID ?? 0)
      try? store.saveDesktopNotification(
        DesktopNotificationRecord(
          slot: slot, server: session.instance, notificationID: id, hasActions: request.hasActions,
          request: request.encoded()))
      dismissed.remove(slot)
      return id
    } catch {
      throw Self.environmentError("showing a notification", error)
    }
  }

  /// Whether the slot's notification is still on screen, as far as Herald knows.
  func isShown(_ slot: String) -> Bool {
    ((try? store.desktopNotifications()) ?? []).contains { $0.slot == slot }
  }

  /// Whether the user closed the slot's notification (rather than it expiring or going with its
  /// server), since it was last shown.
  func wasDismissed(_ slot: String) -> Bool { dismissed.contains(slot) }

  /// Takes the notifications in `slots` off the screen.
  func close(slots: [String]) async {
    let wanted = Set(slots)
    let records = ((try? store.desktopNotifications()) ?? []).filter { wanted.contains($0.slot) }
    await close(records)
  }

  /// Closes every notification with buttons: the daemon stops, and a button pressed after that
  /// would be pressed into the void.
  func closeButtons() async {
    await close(((try? store.desktopNotifications()) ?? []).filter(\.hasActions))
  }

  /// Takes up what an earlier run (or connection) left on screen. A notification with buttons that
  /// the current server showed is shown again in its place from this connection, so its buttons
  /// reach this daemon; what a server that is gone showed is forgotten, for it is gone too.
  func adopt() async {
    guard let session = try? await server.currentSession() else { return }
    for record in (try? store.desktopNotifications()) ?? [] {
      if record.server != session.instance {
        try? store.removeDesktopNotifications(slots: [record.slot])
        continue
      }
      guard record.hasActions, let request = NotifyRequest(encoded: record.request) else { continue }
      do {
        let id = try await server.notify(request, replacing: record.notificationID)
        var adopted = record
        adopted.notificationID = id
        try? store.saveDesktopNotification(adopted)
        logger.info(
          "gave a notification its buttons back", metadata: ["slot": "\(record.slot)", "id": "\(id)"])
      } catch {
        logger.warning(
          "could not take up a notification", metadata: ["slot": "\(record.slot)", "error": "\(error)"])
      }
    }
  }

  /// Stops listening and closes the connection.
  func stop() async {
    listening?.cancel()
    listening = nil
    await server.stop()
  }

  // MARK: Events

  private func handle(_ event: NotificationServer.Event) async {
    switch event {
    case .actionInvoked(let id, let key):
      guard let session = try? await server.currentSession(),
        let record = try? shown(id: id, on: session)
      else { return }
      guard let action = NotificationAction(rawValue: key), record.hasActions else { return }
      logger.info("action invoked", metadata: ["action": "\(key)", "slot": "\(record.slot)"])
      await onAction(action, record.slot)
    case .closed(let id, let reason):
      guard let session = try? await server.currentSession() else { return }
      if let slot = try? store.removeDesktopNotification(server: session.instance, notificationID: id) {
        logger.debug("notification closed", metadata: ["slot": "\(slot)", "reason": "\(reason)"])
        // 2: dismissed by the user.
        if reason == 2 { dismissed.insert(slot) }
      }
    case .serverChanged:
      await adopt()
    }
  }

  // MARK: Helpers

  private func close(_ records: [DesktopNotificationRecord]) async {
    guard !records.isEmpty else { return }
    let session = try? await server.currentSession()
    for record in records where record.server == session?.instance {
      await server.close(record.notificationID)
    }
    try? store.removeDesktopNotifications(slots: records.map(\.slot))
  }

  private func shown(in slot: String, on session: ServerSession) throws -> DesktopNotificationRecord? {
    try store.desktopNotifications().first { $0.slot == slot && $0.server == session.instance }
  }

  private func shown(id: UInt32, on session: ServerSession) throws -> DesktopNotificationRecord? {
    try store.desktopNotifications().first { $0.notificationID == id && $0.server == session.instance }
  }

  private func currentSession(for tried: String) async throws(EnvironmentError) -> ServerSession {
    do { return try await server.currentSession() } catch { throw Self.environmentError(tried, error) }
  }

  private static func environmentError(_ tried: String, _ error: DBusError) -> EnvironmentError {
    EnvironmentError(
      tried: tried, problem: error.description,
      remedy: "is a notification server (dunst, mako, GNOME, KDE) running on the session bus?")
  }
}

import Foundation
import HeraldContracts
import HeraldCore
import HeraldDBus
import HeraldSQLite
import HeraldSystem
import Logging

/// Shows notifications on the desktop through the freedesktop notification service, over a D-Bus
/// connection of Herald's own (sd-bus, loaded at run time): no child process, no scraped text.
///
/// What a notification looks like is `DesktopRendering`'s; what becomes of it — replaced in its
/// slot, closed once answered, its buttons given back after a crash, closed before the daemon
/// stops — is `DesktopNotifier`'s. The same connection shows the Live Activity (`liveActivity`).
public struct DesktopSink: DeliverySink {
  public var channel: String { "desktop" }

  let notifier: DesktopNotifier
  /// The running focus block as a resident notification, on the same connection.
  public let liveActivity: DesktopLiveActivity

  /// Loads sd-bus and prepares the connection; throws when the library or the session bus is
  /// missing. Button presses go to `onAction`. The connection is made at the first notification
  /// (or `resume()`), and made again whenever the bus or the server restarts.
  public init(store: SQLiteStore, logger: Logger, onAction: @escaping ActionCallback) throws(EnvironmentError)
  {
    let library = try SDBus.shared.get()
    try Self.requireAvailable()
    let server = NotificationServer(library: library, logger: logger)
    notifier = DesktopNotifier(server: server, store: store, logger: logger, onAction: onAction)
    liveActivity = DesktopLiveActivity(notifier: notifier)
  }

  /// Throws when the sink cannot start here: sd-bus cannot be loaded, or there is no session bus.
  /// The command line asks first, to say in its own words what to do instead.
  public static func requireAvailable() throws(EnvironmentError) {
    _ = try SDBus.shared.get()
    try requireSessionBus(ProcessInfo.processInfo.environment)
  }

  /// Throws unless the environment names a session bus (`DBUS_SESSION_BUS_ADDRESS`, or the
  /// `bus` socket in `XDG_RUNTIME_DIR`), where sd-bus looks for one.
  static func requireSessionBus(_ environment: [String: String]) throws(EnvironmentError) {
    if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty { return }
    if let runtime = environment["XDG_RUNTIME_DIR"], FileManager.default.fileExists(atPath: runtime + "/bus")
    {
      return
    }
    throw EnvironmentError(
      tried: "starting the desktop sink", problem: "no session bus (DBUS_SESSION_BUS_ADDRESS is not set)",
      remedy: "run it in a desktop session, or under dbus-run-session")
  }

  public func deliver(_ delivery: Delivery) async throws {
    try await notifier.show(slot: delivery.slot) { server in
      DesktopRendering.request(for: delivery, on: server)
    }
  }

  public func resume() async {
    await notifier.listen()
    await notifier.adopt()
  }

  public func withdraw(slots: [String]) async {
    await notifier.close(slots: slots)
  }

  public func stop() async {
    await liveActivity.end()
    await notifier.closeButtons()
    await notifier.stop()
  }
}

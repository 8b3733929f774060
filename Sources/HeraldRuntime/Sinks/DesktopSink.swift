import Foundation
import HeraldSystem
import HeraldCore
import Logging

/// Shows notifications through the freedesktop Notifications service, by running `notify-send`
/// with an argument vector (never a shell string).
///
/// Interruption levels map onto urgency: passive → low with the `suppress-sound` hint, active →
/// normal, time-sensitive and critical → critical. A notification with buttons is shown with
/// `--wait --print-id`: the process prints the id the server gave it, then the key of the button
/// pressed, which becomes an action. An `ActionInvoked` signal for that id from any sender on the
/// bus (heard through `dbus-monitor`) is an action too: libnotify ignores signals that do not come
/// from the server's own connection. (Without `stdbuf` on `PATH`, notify-send prints the id only
/// when it exits, and only the server's own signals reach the daemon.)
public struct DesktopSink: DeliverySink {
  public let executable: URL
  /// `stdbuf`, to make `notify-send` print the id at once rather than when it exits.
  private let lineBuffered: URL?
  private let onAction: ActionCallback
  private let logger: Logger
  private let shown = ShownNotifications()
  private let listener: ActionSignalListener?

  /// Finds `notify-send` on `PATH`; throws a clear error when it is missing.
  public init(
    environment: [String: String], logger: Logger, onAction: @escaping ActionCallback
  ) throws(EnvironmentError) {
    guard let found = Self.find("notify-send", environment) else {
      throw EnvironmentError(
        tried: "starting the desktop sink", problem: "notify-send is not on PATH",
        remedy: "install it (Debian: apt-get install libnotify-bin)")
    }
    executable = found
    lineBuffered = Self.find("stdbuf", environment)
    self.onAction = onAction
    self.logger = logger
    let shown = shown
    do {
      guard let monitor = Self.find("dbus-monitor", environment) else {
        throw EnvironmentError(tried: "listening for button presses", problem: "dbus-monitor is not on PATH")
      }
      listener = try ActionSignalListener(executable: monitor, logger: logger) { id, key in
        Self.pressed(key, id: id, shown: shown, logger: logger, onAction: onAction)
      }
    } catch {
      logger.warning("not listening for ActionInvoked on the bus", metadata: ["error": "\(error)"])
      listener = nil
    }
  }

  /// The first executable called `name` on `PATH`.
  static func find(_ name: String, _ environment: [String: String]) -> URL? {
    let path = environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
      .first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }

  /// The button `key` was pressed on the notification shown as `id`: an action, unless it was
  /// handled already (heard both from `notify-send` and from the bus) or is not one of ours.
  private static func pressed(
    _ key: String, id: UInt32, shown: ShownNotifications, logger: Logger, onAction: @escaping ActionCallback
  ) {
    guard let action = NotificationAction(rawValue: key), let notification = shown.take(id) else { return }
    logger.info("action invoked", metadata: ["action": "\(key)", "id": "\(notification.identifier)"])
    Task { await onAction(action, notification) }
  }

  /// The argument vector for one notification.
  public static func arguments(for delivery: Delivery) -> [String] {
    let content = delivery.notification.content
    var arguments = ["--app-name=Herald", "--urgency=\(urgency(content.interruptionLevel))"]
    arguments.append("--category=x-herald.\(content.categoryIdentifier)")
    if content.interruptionLevel == .passive || content.sound == nil {
      arguments.append("--hint=boolean:suppress-sound:true")
    }
    let texts = delivery.texts
    for action in delivery.actions {
      arguments.append("--action=\(action.rawValue)=\(action.label(texts))")
    }
    if !delivery.actions.isEmpty { arguments += ["--wait", "--print-id"] }
    let title = delivery.displayTitle
    // `--` ends the options: a title starting with "-" is still a title.
    return arguments + ["--", title, content.body]
  }

  /// The freedesktop urgency of an interruption level.
  public static func urgency(_ level: InterruptionLevel) -> String {
    switch level {
    case .passive: "low"
    case .active: "normal"
    case .timeSensitive, .critical: "critical"
    }
  }

  public func deliver(_ delivery: Delivery) async throws {
    let process = Process()
    process.executableURL = executable
    process.arguments = Self.arguments(for: delivery)
    if !delivery.actions.isEmpty, let lineBuffered {
      process.executableURL = lineBuffered
      process.arguments = ["-oL", executable.path] + (process.arguments ?? [])
    }
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.runWithSignalsUnblocked()
    guard !delivery.actions.isEmpty else {
      process.waitUntilExit()
      guard process.terminationStatus == 0 else {
        throw EnvironmentError(
          tried: "showing a notification with notify-send",
          problem: "it exited with \(process.terminationStatus)",
          remedy: "is a notification service running on the session bus?")
      }
      return
    }
    // With buttons, notify-send waits until the notification closes: listen on a thread of its
    // own (a blocking read in a task would hold one of the few threads all tasks share). The first
    // line is the notification's id, a later one the key of a button pressed.
    let notification = delivery.notification
    let (shown, logger, onAction) = (shown, logger, onAction)
    let reading = output.fileHandleForReading
    Thread.detachNewThread {
      var id: UInt32?
      reading.forEachLine { line in
        if let shownID = id {
          Self.pressed(line, id: shownID, shown: shown, logger: logger, onAction: onAction)
        } else if let shownID = UInt32(line) {
          id = shownID
          shown.insert(notification, id: shownID)
        }
      }
      process.waitUntilExit()
      // Closed: no press can come any more.
      if let id { _ = shown.take(id) }
    }
  }
}

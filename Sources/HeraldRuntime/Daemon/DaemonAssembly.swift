import Foundation
import HeraldCore
import HeraldStore
import Logging

/// Puts a daemon together from a store and the names of its sinks.
public enum DaemonAssembly {
  /// The sinks by name: `desktop`, `stdout`, `webhook`.
  public static func make(
    store: HeraldStore, sinks names: [some RawRepresentable<String>], webhookURL: String?,
    clock: any HeraldClock,
    zones: any TimeZoneSource, configuration: DaemonConfiguration, logger: Logger
  ) async throws -> ReminderDaemon {
    let daemon = ReminderDaemon(
      store: store, clock: clock, zones: zones, sinks: [], configuration: configuration, logger: logger)
    for name in Set(names.map(\.rawValue)).sorted() {
      switch name {
      case "stdout":
        await daemon.addSink(StdoutSink())
      case "webhook":
        guard let webhookURL, let url = URL(string: webhookURL), url.scheme == "http" || url.scheme == "https"
        else {
          throw FieldError("--webhook-url", "the webhook sink needs an http(s) URL")
        }
        await daemon.addSink(WebhookSink(url: url))
      default:
        let desktop = try DesktopSink(
          language: try store.language(), environment: ProcessInfo.processInfo.environment, logger: logger
        ) { [weak daemon] action, notification in
          await daemon?.perform(action, on: notification)
        }
        await daemon.addSink(desktop)
      }
    }
    return daemon
  }
}

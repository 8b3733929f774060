import Foundation
import HeraldContracts
import HeraldCore
import HeraldSQLite
import Logging

/// Puts a daemon together from a store and the sinks chosen.
public enum DaemonAssembly {
  public static func make(
    store: SQLiteStore, sinks: [SinkChoice], clock: any HeraldClock, zones: any TimeZoneSource,
    configuration: DaemonConfiguration, logger: Logger
  ) async throws -> ReminderDaemon {
    let daemon = ReminderDaemon(
      store: store, clock: clock, zones: zones, sinks: [], configuration: configuration, logger: logger)
    for sink in try Self.sinks(
      sinks, store: store, logger: logger,
      onAction: { [weak daemon] action, slot in
        await daemon?.perform(action, inSlot: slot)
      })
    {
      await daemon.addSink(sink)
      if let desktop = sink as? DesktopSink { await daemon.setLiveActivity(desktop.liveActivity) }
    }
    return daemon
  }

  /// The sinks chosen, each once. The desktop sink keeps what it shows in `store`; its buttons
  /// call `onAction`.
  public static func sinks(
    _ choices: [SinkChoice], store: SQLiteStore, logger: Logger, onAction: @escaping ActionCallback
  ) throws -> [any DeliverySink] {
    var added = Set<SinkChoice>()
    var sinks: [any DeliverySink] = []
    for choice in choices where added.insert(choice).inserted {
      switch choice {
      case .stdout: sinks.append(StdoutSink())
      case .webhook(let url, let secret): sinks.append(WebhookSink(url: url, secret: secret))
      case .desktop: sinks.append(try DesktopSink(store: store, logger: logger, onAction: onAction))
      }
    }
    return sinks
  }
}

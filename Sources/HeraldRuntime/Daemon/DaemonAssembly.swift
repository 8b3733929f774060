import Foundation
import HeraldCore
import HeraldStore
import Logging

/// Puts a daemon together from a store and the sinks chosen.
public enum DaemonAssembly {
  public static func make(
    store: HeraldStore, sinks: [SinkChoice], clock: any HeraldClock, zones: any TimeZoneSource,
    configuration: DaemonConfiguration, logger: Logger
  ) async throws -> ReminderDaemon {
    let daemon = ReminderDaemon(
      store: store, clock: clock, zones: zones, sinks: [], configuration: configuration, logger: logger)
    var added = Set<SinkChoice>()
    for choice in sinks where added.insert(choice).inserted {
      switch choice {
      case .stdout:
        await daemon.addSink(StdoutSink())
      case .webhook(let url):
        await daemon.addSink(WebhookSink(url: url))
      case .desktop:
        let desktop = try DesktopSink(store: store, logger: logger) { [weak daemon] action, slot in
          await daemon?.perform(action, inSlot: slot)
        }
        await daemon.addSink(desktop)
        await daemon.setLiveActivity(desktop.liveActivity)
      }
    }
    return daemon
  }
}

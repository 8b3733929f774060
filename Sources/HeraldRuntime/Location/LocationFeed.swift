import Foundation
import HeraldCore
import Logging
import ServiceLifecycle

/// Carries a location source's events into the daemon, one at a time and in order, as a
/// `Service` beside the daemon's own: a ServiceGroup runs both and stops both on SIGTERM.
public struct LocationFeed: Service {
  /// Where the fixes come from.
  public let source: any LocationSource
  /// Who handles them.
  public let daemon: ReminderDaemon
  let logger: Logger

  /// Feeds `source` into `daemon`; `logger` hears of fixes the daemon failed on.
  public init(source: any LocationSource, daemon: ReminderDaemon, logger: Logger) {
    self.source = source
    self.daemon = daemon
    self.logger = logger
  }

  /// Runs until the source ends or the task is cancelled; a fix the daemon fails on is logged and
  /// the next one taken (the store is the truth: the daemon starts again from it).
  public func run() async throws {
    await cancelWhenGracefulShutdown {
      for await event in source.events() {
        switch event {
        case .fix(let fix):
          do { try await daemon.handle(fix) } catch {
            logger.error("a location fix failed", metadata: ["error": "\(error)"])
          }
        case .unavailable(let reason):
          await daemon.locationUnavailable(reason)
        }
      }
    }
    // A source that ended (a file, standard input) leaves the daemon running for everything else.
    if !Task.isCancelled { try await gracefulShutdown() }
  }
}

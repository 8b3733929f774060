import Foundation
import HeraldCore
import Logging

/// A recorded track played back as live fixes: each `<trkpt>` with a time, on the track's own
/// timestamps, `speed` times as fast. The fixes keep their recorded times; the daemon's clock is
/// not changed by them. The source ends with the track.
public struct GPXReplaySource: LocationSource {
  /// The track's timed points, in order.
  public let fixes: [LocationFix]
  /// How many times as fast as recorded.
  public let speed: Double
  let logger: Logger

  /// Plays `fixes` (in order) at `speed` times their pace; `speed` must be positive.
  public init(fixes: [LocationFix], speed: Double = 1, logger: Logger) {
    self.fixes = fixes
    self.speed = speed
    self.logger = logger
  }

  public func events() -> AsyncStream<LocationEvent> {
    let (fixes, speed, logger) = (fixes, speed, logger)
    return AsyncStream { continuation in
      let task = Task {
        let clock = ContinuousClock()
        let started = clock.now
        guard let first = fixes.first?.timestamp else {
          logger.info("GPX replay: the track has no timed points")
          continuation.finish()
          return
        }
        for fix in fixes {
          // Each fix when its recorded offset, compressed, has passed since the start.
          let offset = max(0, fix.timestamp.timeIntervalSince(first)) / speed
          do { try await clock.sleep(until: started + .nanoseconds(Int64(offset * 1e9))) } catch { break }
          continuation.yield(.fix(fix))
        }
        logger.info("GPX replay ended", metadata: ["fixes": "\(fixes.count)"])
        continuation.finish()
      }
      continuation.onTermination = { _ in task.cancel() }
    }
  }
}

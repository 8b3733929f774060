import Foundation
import HeraldContracts
import HeraldSystem
import HeraldCore
import HeraldTestSupport
import HeraldRuntime
import HeraldSQLite
import Logging

/// The stdout sink, timed: how late each delivery was (shown − due), exact to the nanosecond
/// (the line's own fireDate is whole seconds).
final class LatenessCollector: DeliverySink, @unchecked Sendable {
  var channel: String { "benchmark" }

  private let stdout: StdoutSink
  private let lock = NSLock()
  private var values: [Double] = []

  init(stdout: StdoutSink) { self.stdout = stdout }

  func deliver(_ delivery: Delivery) async throws {
    try await stdout.deliver(delivery)
    let lateness = delivery.deliveredAt.timeIntervalSince(delivery.notification.fireDate)
    lock.withLock { values.append(lateness) }
  }

  var latenesses: [Double] { lock.withLock { values } }
}

import Foundation
import PostgresNIO

extension PostgresStore {
  /// Calls `wake` each time a process queues a delivery workers must hear of at once
  /// (`PlannedRows.wakesWorkers`) or gives claims back, until cancelled. Holds one connection,
  /// listening.
  public func listenForEarlierDeliveries(_ wake: @escaping @Sendable () -> Void) async throws {
    try await client.listen(on: PostgresSchema.channel) { _ in wake() }
  }
}

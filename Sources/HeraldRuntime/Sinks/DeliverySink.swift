import HeraldCore

/// Where the daemon shows notifications: the desktop, standard output, a webhook, a terminal.
/// A sink renders a `Delivery` as its medium needs and decides nothing about it.
public protocol DeliverySink: Sendable {
  /// Shows one notification. Returning means it was handed over; throwing means it was not.
  func deliver(_ delivery: Delivery) async throws
}

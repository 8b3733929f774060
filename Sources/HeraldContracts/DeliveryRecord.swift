import Foundation
import HeraldCore

/// What became of one reminder at one instant: the delivery log's row.
public struct DeliveryRecord: Sendable, Hashable {
  /// The request's id (`focus-block-start-b1`, `exercise-reminder`, …).
  public var requestID: String
  /// The instant it was planned to fire; with the id, the key of the log.
  public var fireDate: Date
  public var status: DeliveryStatus
  /// When it was shown; `nil` when it was missed.
  public var deliveredAt: Date?
  /// Shown after its time, because the daemon was not running then.
  public var late: Bool
  /// The channels that took it (`DeliverySink.channel`), in the order they were given; empty when
  /// missed, or recorded before channels were.
  public var channels: [String]

  public init(
    requestID: String, fireDate: Date, status: DeliveryStatus, deliveredAt: Date?, late: Bool,
    channels: [String] = []
  ) {
    self.requestID = requestID
    self.fireDate = fireDate
    self.status = status
    self.deliveredAt = deliveredAt
    self.late = late
    self.channels = channels
  }
}

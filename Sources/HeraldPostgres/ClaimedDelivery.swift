import Foundation
import HeraldCore

/// A due delivery a worker has claimed: held for it until `leaseEnds`, then anyone's again.
public struct ClaimedDelivery: Sendable, Hashable {
  public var id: Int64
  public var user: Int64
  public var requestID: String
  public var fireDate: Date
  public var reminder: ScheduledReminder
  /// Tries so far, this one included.
  public var attempt: Int
  public var leaseEnds: Date

  /// Its entry in the user's delivery log.
  public var key: DeliveryKey { DeliveryKey(requestID: requestID, fireDate: fireDate) }
}

import Foundation

/// One reminder as the delivery log knows it: a request id and the instant it was due. A reminder
/// planned again for the same instant is the same reminder and must not be shown twice.
public struct DeliveryKey: Sendable, Hashable, CustomStringConvertible {
  public var requestID: String
  public var fireDate: Date

  public init(requestID: String, fireDate: Date) {
    self.requestID = requestID
    self.fireDate = fireDate
  }

  public var description: String { "\(requestID)@\(fireDate.timeIntervalSince1970)" }
}

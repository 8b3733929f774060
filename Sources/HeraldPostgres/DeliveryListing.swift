import Foundation

/// A delivery as an operator sees it (`herald deliveries list`).
public struct DeliveryListing: Sendable, Hashable {
  public var id: Int64
  public var user: String
  public var requestID: String
  public var fireDate: Date
  /// pending, delivered, missed, failed, skipped or silenced.
  public var status: String
  /// Tries so far.
  public var attempts: Int
  /// When it is tried next (a pending one).
  public var dueAt: Date
  public var deliveredAt: Date?
  public var late: Bool
  /// What went wrong on the last try, if anything did.
  public var lastError: String?
}

/// Which deliveries to list.
public enum DeliveryFilter: String, Sendable, CaseIterable {
  case pending, failed, late, missed, delivered
}

import Foundation

/// A place in the delivery queue's order: by due time, then by id — the order of its index
/// (`delivery_due`), so a claim can go on after a place without reading what comes before it,
/// even among the thousands of rows due in the same second.
public struct QueuePlace: Sendable, Hashable, Comparable {
  public var dueAt: Date
  public var id: Int64

  public init(dueAt: Date, id: Int64) {
    self.dueAt = dueAt
    self.id = id
  }

  /// The place after every row due by `instant`.
  public static func end(of instant: Date) -> QueuePlace { QueuePlace(dueAt: instant, id: .max) }

  /// Before every row.
  static let start = QueuePlace(dueAt: .distantPast, id: .min)

  public static func < (lhs: QueuePlace, rhs: QueuePlace) -> Bool {
    (lhs.dueAt, lhs.id) < (rhs.dueAt, rhs.id)
  }
}

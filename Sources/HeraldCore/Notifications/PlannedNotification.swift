import Foundation

/// A request together with the instant it fires, as a plan computed it.
///
/// The trigger alone cannot say when: an interval counts from the moment of adding, a calendar
/// trigger floats with the device's zone. Plans sort, budget and reconcile by `fireDate`.
public struct PlannedNotification: Sendable, Hashable, Codable {
  public var request: NotificationRequest
  public var fireDate: Date

  public init(request: NotificationRequest, fireDate: Date) {
    self.request = request
    self.fireDate = fireDate
  }

  public var identifier: String { request.identifier }
  public var content: NotificationContent { request.content }

  /// Whether two plans of this notification would show the same thing at the same instant.
  /// An interval trigger counts from the moment it was planned, so its seconds are not compared.
  public func isEquivalent(to other: PlannedNotification) -> Bool {
    guard identifier == other.identifier, fireDate == other.fireDate, content == other.content else {
      return false
    }
    switch (request.trigger, other.request.trigger) {
    case (.timeInterval, .timeInterval): return true
    default: return request.trigger == other.request.trigger
    }
  }

  /// Soonest first, then by id: the order of plans, budgets and output.
  public static func soonestFirst(_ a: PlannedNotification, _ b: PlannedNotification) -> Bool {
    a.fireDate != b.fireDate ? a.fireDate < b.fireDate : a.identifier < b.identifier
  }
}

extension PlannedNotification {
  /// A request with an interval trigger that fires at `fireDate` when added at `now`.
  public init(identifier: String, content: NotificationContent, fireDate: Date, now: Date) {
    self.init(
      request: NotificationRequest(
        identifier: identifier, content: content, trigger: .interval(from: now, to: fireDate)),
      fireDate: fireDate)
  }
}

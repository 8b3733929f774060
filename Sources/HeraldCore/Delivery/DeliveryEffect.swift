import Foundation

/// A change to the user's data that showing a reminder brings: recorded in the same transaction
/// as the delivery, so that a crash cannot keep one without the other.
public enum DeliveryEffect: Sendable, Hashable {
  /// A regular movement reminder was shown: it awaits an answer (or its follow-up) and counts on
  /// `day`, its day in the user's zone.
  case movementReminderShown(at: Date, day: CivilDate)
}

extension MovementLog {
  /// The log after `effect`.
  public mutating func apply(_ effect: DeliveryEffect) {
    switch effect {
    case .movementReminderShown(let date, let day): recordReminderShown(at: date, on: day)
    }
  }
}

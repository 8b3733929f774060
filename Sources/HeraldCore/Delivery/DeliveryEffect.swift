import Foundation

/// A change to the user's data that a reminder brings when it comes due: recorded in the same
/// transaction as the delivery, so that a crash cannot keep one without the other.
public enum DeliveryEffect: Sendable, Hashable {
  /// A regular movement reminder was shown: it awaits an answer (or its follow-up) and counts on
  /// `day`, its day in the user's zone.
  case movementReminderShown(at: Date, day: CivilDate)
  /// The point of interest `spotID` of the walk on `routeID` was reached by a fix taken at `at`.
  case placeVisited(routeID: String, spotID: String, at: Date)
  /// Every point of interest of the walk on `routeID` has been reached: its completion is handled
  /// (announced, or silenced by the user's setting) and never comes again on this walk.
  case routeCompleted(routeID: String, at: Date)
}

extension MovementLog {
  /// The log after `effect`; effects on other data leave it as it is.
  public mutating func apply(_ effect: DeliveryEffect) {
    switch effect {
    case .movementReminderShown(let date, let day): recordReminderShown(at: date, on: day)
    case .placeVisited, .routeCompleted: break
    }
  }
}

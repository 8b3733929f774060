import Foundation
import HeraldCore

extension MovementLog {
  /// The movement log as an engine keeps it, in columns: the progress day as text
  /// (`YYYY-MM-DD`), read here once for both engines. `field` names where it was read, for the
  /// error of a day that is not one.
  public static func stored(
    lastReminderAt: Date?, answered: Bool, snoozedAt: Date?, progressDay: String?, delivered: Int,
    acknowledged: Int, field: String
  ) throws(FieldError) -> MovementLog {
    var day: CivilDate?
    if let progressDay {
      guard let parsed = CivilDate(progressDay) else {
        throw FieldError(field, "not a day YYYY-MM-DD: \"\(progressDay)\"")
      }
      day = parsed
    }
    return MovementLog(
      lastReminderAt: lastReminderAt, lastReminderAnswered: answered, snoozedAt: snoozedAt, progressDay: day,
      progress: MovementProgress(delivered: delivered, acknowledged: acknowledged))
  }
}

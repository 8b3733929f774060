/// A day of the week, named as in the scenario format (lower-case English).
public enum Weekday: String, CaseIterable, Sendable, Codable, Hashable {
  case monday, tuesday, wednesday, thursday, friday, saturday, sunday

  /// The weekday of the day `days` after 1970-01-01, which was a Thursday.
  init(daysSinceEpoch days: Int) {
    let index = ((days + 3) % 7 + 7) % 7  // 0 = Monday
    self = Weekday.allCases[index]
  }

  /// Monday to Friday.
  public static let workdays: [Weekday] = [.monday, .tuesday, .wednesday, .thursday, .friday]
}

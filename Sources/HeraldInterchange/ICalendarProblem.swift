import HeraldCore

/// A problem in an iCalendar file, before the file's path is known: the physical line where it
/// starts, the `UID` of the component it is in (when known), and what is wrong.
struct ICalendarProblem: Error, Hashable {
  var line: Int
  var uid: String?
  var problem: String

  init(line: Int, uid: String? = nil, _ problem: String) {
    self.line = line
    self.uid = uid
    self.problem = problem
  }

  /// The one-line error of `contracts/calendar.md`: `cal.ics: line 12: UID standup-42: problem`.
  func inFile(_ path: String) -> FieldError {
    let place = "\(path): line \(line)" + (uid.map { ": UID \($0)" } ?? "")
    return FieldError(place, problem)
  }
}

/// What `ICalendarReader` hands over as it reads a file, in file order: each `VCALENDAR`'s
/// top-level components one at a time, so that memory holds what the handler keeps, not the file.
///
/// A handler sees only what was read before the first problem, and the read then fails: whatever
/// it gathered from a file that fails to read must be thrown away.
public protocol ICalendarHandler {
  /// A `VCALENDAR` begins at physical line `line`.
  mutating func beginCalendar(line: Int)
  /// A component directly inside the current `VCALENDAR` (`VEVENT`, `VTODO`, `VTIMEZONE`, …) is
  /// closed, with its properties and sub-components.
  mutating func component(_ component: ICalendarComponent)
  /// The current `VCALENDAR` is closed: `calendar` holds its own properties and its line, and no
  /// components (they were handed over one by one).
  mutating func endCalendar(_ calendar: ICalendarComponent)
}

/// The handler that keeps everything: the file's calendars, components and all.
struct ICalendarTree: ICalendarHandler {
  private(set) var calendars: [ICalendarComponent] = []
  private var components: [ICalendarComponent] = []

  mutating func beginCalendar(line: Int) { components = [] }

  mutating func component(_ component: ICalendarComponent) { components.append(component) }

  mutating func endCalendar(_ calendar: ICalendarComponent) {
    var whole = calendar
    whole.components = components
    components = []
    calendars.append(whole)
  }
}

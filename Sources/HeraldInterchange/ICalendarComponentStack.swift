/// The components open at a point of an iCalendar file, fed one content line at a time: checks
/// that every `BEGIN` is closed by its `END` and that the file holds whole `VCALENDAR`s, and hands
/// each top-level component inside a `VCALENDAR` to a handler as soon as it is closed.
struct ICalendarComponentStack {
  /// The open components, outermost (a `VCALENDAR`) first.
  private var open: [ICalendarComponent] = []
  private var sawCalendar = false

  /// Reads one content line.
  mutating func take(
    _ unfolded: ICalendarLineParser.Unfolded, into handler: inout some ICalendarHandler
  ) throws(ICalendarProblem) {
    let property: ICalendarProperty
    do {
      property = try ICalendarLineParser.property(unfolded)
    } catch {
      throw ICalendarProblem(line: error.line, uid: open.last?.uid, error.problem)
    }
    switch property.name {
    case "BEGIN":
      let name = try Self.componentName(property, uid: open.last?.uid)
      if open.isEmpty {
        guard name == "VCALENDAR" else {
          throw ICalendarProblem(line: property.line, "expected BEGIN:VCALENDAR, got BEGIN:\(name)")
        }
        handler.beginCalendar(line: property.line)
      }
      open.append(ICalendarComponent(name: name, line: property.line))
    case "END":
      let name = try Self.componentName(property, uid: open.last?.uid)
      guard let closed = open.popLast() else {
        throw ICalendarProblem(line: property.line, "END:\(name) with no BEGIN:\(name)")
      }
      guard closed.name == name else {
        throw ICalendarProblem(
          line: property.line, uid: closed.uid,
          "END:\(name) does not close BEGIN:\(closed.name) of line \(closed.line)")
      }
      switch open.count {
      case 0:
        sawCalendar = true
        handler.endCalendar(closed)
      case 1: handler.component(closed)
      default: open[open.count - 1].components.append(closed)
      }
    default:
      guard !open.isEmpty else {
        throw ICalendarProblem(
          line: property.line, "\(property.name) outside BEGIN:VCALENDAR … END:VCALENDAR")
      }
      open[open.count - 1].properties.append(property)
    }
  }

  /// The file has ended: everything must be closed, and there must have been a `VCALENDAR`.
  func finish() throws(ICalendarProblem) {
    if let unclosed = open.last {
      throw ICalendarProblem(
        line: unclosed.line, uid: unclosed.uid,
        "BEGIN:\(unclosed.name) is not closed by END:\(unclosed.name) (the file ends first)")
    }
    guard sawCalendar else { throw ICalendarProblem(line: 1, "no BEGIN:VCALENDAR: the file is empty") }
  }

  private static func componentName(_ property: ICalendarProperty, uid: String?) throws(ICalendarProblem)
    -> String
  {
    let name = property.value.uppercased()
    guard !name.isEmpty, name.utf8.allSatisfy(ICalendarLineParser.isNameByte), property.parameters.isEmpty
    else {
      throw ICalendarProblem(
        line: property.line, uid: uid, "\(property.name): not a component name: \"\(property.value)\"")
    }
    return name
  }
}

import Foundation
import HeraldCore

/// Reads an iCalendar file (RFC 5545, UTF-8) into its components, strictly: every line must be a
/// content line, every `BEGIN` closed by its `END`, and the file must hold at least one whole
/// `VCALENDAR` — a damaged or cut-off file is an error, never read as a shorter valid one.
///
/// Errors name the physical line, the component's `UID` when it is known, and the problem.
public enum ICalendarReader {
  /// The file's `VCALENDAR` components; errors start with `path`.
  public static func read(_ data: Data, path: String) throws(FieldError) -> [ICalendarComponent] {
    do {
      return try read(data)
    } catch {
      throw error.inFile(path)
    }
  }

  static func read(_ data: Data) throws(ICalendarProblem) -> [ICalendarComponent] {
    var calendars: [ICalendarComponent] = []
    var open: [ICalendarComponent] = []
    for unfolded in try ICalendarLineParser.unfold(data) {
      let property: ICalendarProperty
      do {
        property = try ICalendarLineParser.property(unfolded)
      } catch {
        throw ICalendarProblem(line: error.line, uid: open.last?.uid, error.problem)
      }
      switch property.name {
      case "BEGIN":
        let name = try componentName(property, uid: open.last?.uid)
        if open.isEmpty, name != "VCALENDAR" {
          throw ICalendarProblem(line: property.line, "expected BEGIN:VCALENDAR, got BEGIN:\(name)")
        }
        open.append(ICalendarComponent(name: name, line: property.line))
      case "END":
        let name = try componentName(property, uid: open.last?.uid)
        guard let closed = open.popLast() else {
          throw ICalendarProblem(line: property.line, "END:\(name) with no BEGIN:\(name)")
        }
        guard closed.name == name else {
          throw ICalendarProblem(
            line: property.line, uid: closed.uid,
            "END:\(name) does not close BEGIN:\(closed.name) of line \(closed.line)")
        }
        if open.isEmpty {
          calendars.append(closed)
        } else {
          open[open.count - 1].components.append(closed)
        }
      default:
        guard !open.isEmpty else {
          throw ICalendarProblem(
            line: property.line, "\(property.name) outside BEGIN:VCALENDAR … END:VCALENDAR")
        }
        open[open.count - 1].properties.append(property)
      }
    }
    if let unclosed = open.last {
      throw ICalendarProblem(
        line: unclosed.line, uid: unclosed.uid,
        "BEGIN:\(unclosed.name) is not closed by END:\(unclosed.name) (the file ends first)")
    }
    guard !calendars.isEmpty else { throw ICalendarProblem(line: 1, "no BEGIN:VCALENDAR: the file is empty") }
    return calendars
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

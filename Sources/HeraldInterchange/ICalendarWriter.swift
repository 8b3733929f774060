import Foundation
import HeraldCore

/// Writes iCalendar text that `ICalendarReader` reads back to the same components: CRLF line ends,
/// lines folded at 75 octets between characters (RFC 5545 §3.1), parameter values quoted when
/// they hold `;`, `:` or `,`.
public enum ICalendarWriter {
  /// The components as a file.
  public static func write(_ components: [ICalendarComponent]) -> String {
    var text = ""
    for component in components { write(component, into: &text) }
    return text
  }

  private static func write(_ component: ICalendarComponent, into text: inout String) {
    append("BEGIN:\(component.name)", into: &text)
    for property in component.properties { append(line(property), into: &text) }
    for child in component.components { write(child, into: &text) }
    append("END:\(component.name)", into: &text)
  }

  /// `NAME;PARAM=value:VALUE`, unfolded.
  static func line(_ property: ICalendarProperty) -> String {
    var line = property.name
    for parameter in property.parameters {
      line += ";" + parameter.name + "="
      line += parameter.values.map { value in
        value.contains(where: { $0 == ";" || $0 == ":" || $0 == "," }) ? "\"\(value)\"" : value
      }.joined(separator: ",")
    }
    return line + ":" + property.value
  }

  /// Appends `line` folded: at most 75 octets per physical line, never inside a character.
  private static func append(_ line: String, into text: inout String) {
    var octets = 0
    var limit = 75
    for scalar in line.unicodeScalars {
      let width = String(scalar).utf8.count
      if octets + width > limit {
        text += "\r\n "
        octets = 0
        limit = 74
      }
      text.unicodeScalars.append(scalar)
      octets += width
    }
    text += "\r\n"
  }

  /// A `VCALENDAR` holding one `VEVENT` per focus block: `UID` the block's id, start and end in UTC.
  public static func calendar(blocks: [FocusBlock], tasks: [TodoItem] = []) -> ICalendarComponent {
    let header = [
      ICalendarProperty(name: "VERSION", value: "2.0"),
      ICalendarProperty(name: "PRODID", value: "-//Herald//Herald//EN"),
    ]
    let events = blocks.map { block in
      ICalendarComponent(
        name: "VEVENT",
        properties: [
          ICalendarProperty(name: "UID", value: block.id),
          ICalendarProperty(name: "DTSTART", value: ICalendarTime.utcText(block.start)),
          ICalendarProperty(name: "DTEND", value: ICalendarTime.utcText(block.end)),
          ICalendarProperty(name: "SUMMARY", value: ICalendarText.escape(block.title)),
        ])
    }
    let todos = tasks.map { task in
      var properties = [
        ICalendarProperty(name: "UID", value: task.id),
        ICalendarProperty(name: "SUMMARY", value: ICalendarText.escape(task.title)),
      ]
      if let due = task.due {
        properties.append(ICalendarProperty(name: "DUE", value: ICalendarTime.utcText(due)))
      }
      if task.completed { properties.append(ICalendarProperty(name: "STATUS", value: "COMPLETED")) }
      return ICalendarComponent(name: "VTODO", properties: properties)
    }
    return ICalendarComponent(name: "VCALENDAR", properties: header, components: events + todos)
  }
}

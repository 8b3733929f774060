import Foundation
import HeraldCore

/// A `VEVENT` or `VTODO` with the properties Herald reads, checked: dates parsed in their zones,
/// the rule parsed, refused parts refused. What it becomes is `CalendarImport`'s business.
struct ICalendarEntry {
  enum Kind: String { case event = "VEVENT", todo = "VTODO" }

  var kind: Kind
  var path: String
  var line: Int
  var uid: String
  /// `SUMMARY`, unescaped; `nil` when missing or empty.
  var summary: String?
  var cancelled: Bool
  var completed: Bool
  var start: ICalendarTime?
  var end: ICalendarTime?
  var duration: Int?
  var due: ICalendarTime?
  var rule: RecurrenceRule?
  var extraDates: [ICalendarTime]
  var excludedDates: [ICalendarTime]
  var recurrenceID: ICalendarTime?

  var isRecurring: Bool { rule != nil || !extraDates.isEmpty }

  /// Where a problem with this component is reported.
  func problem(_ text: String) -> ICalendarProblem { ICalendarProblem(line: line, uid: uid, text) }

  /// Every property `init` reads: a component cut down to them (`essentials`) reads the same.
  static let propertiesRead: Set<String> = [
    "UID", "SUMMARY", "STATUS", "COMPLETED", "DTSTART", "DTEND", "DURATION", "DUE", "RRULE", "RDATE",
    "EXDATE", "RECURRENCE-ID",
  ]

  /// `component` with only the properties `init` reads: what is kept of a component that has to
  /// be read again later, without its description, attendees and alarms.
  static func essentials(of component: ICalendarComponent) -> ICalendarComponent {
    ICalendarComponent(
      name: component.name, properties: component.properties.filter { propertiesRead.contains($0.name) },
      line: component.line)
  }

  /// A component read earlier and passed over, standing in for it when another component with its
  /// `UID` turns up: it adds nothing, and says where it was.
  init(passedOver kind: Kind, uid: String, path: String, line: Int) {
    self.kind = kind
    self.path = path
    self.line = line
    self.uid = uid
    cancelled = false
    completed = false
    extraDates = []
    excludedDates = []
  }

  init(_ component: ICalendarComponent, kind: Kind, path: String, zones: ICalendarZones)
    throws(ICalendarProblem)
  {
    self.kind = kind
    self.path = path
    line = component.line
    let uid = component.uid
    for name in ["UID", "SUMMARY", "STATUS", "DTSTART", "DTEND", "DURATION", "DUE", "RRULE", "RECURRENCE-ID"]
    {
      let found = component.properties(name)
      if found.count > 1 {
        throw ICalendarProblem(line: found[1].line, uid: uid, "\(name) appears twice in one \(kind.rawValue)")
      }
    }
    guard let uid, !uid.isEmpty else {
      throw ICalendarProblem(line: component.line, "\(kind.rawValue) without UID")
    }
    self.uid = uid
    func time(_ name: String) throws(ICalendarProblem) -> ICalendarTime? {
      guard let property = component.property(name) else { return nil }
      let values = try ICalendarTime.values(property, zones: zones, uid: uid)
      guard values.count == 1 else {
        throw ICalendarProblem(
          line: property.line, uid: uid, "\(name): one value expected, got \(values.count)")
      }
      return values[0]
    }
    let summary = component.property("SUMMARY").map { ICalendarText.unescape($0.value) }
    self.summary = summary?.isEmpty == false ? summary : nil
    let status = component.property("STATUS")?.value.uppercased()
    cancelled = status == "CANCELLED"
    completed = status == "COMPLETED" || component.property("COMPLETED") != nil
    start = try time("DTSTART")
    end = try time("DTEND")
    due = try time("DUE")
    if let property = component.property("RECURRENCE-ID") {
      if let range = property.parameter("RANGE") {
        throw ICalendarProblem(
          line: property.line, uid: uid, "RECURRENCE-ID: RANGE=\(range) is refused: override each instance")
      }
      recurrenceID = try time("RECURRENCE-ID")
    }
    if let property = component.property("DURATION") {
      guard let seconds = Self.duration(property.value) else {
        throw ICalendarProblem(
          line: property.line, uid: uid, "DURATION: not a duration such as PT1H30M: \"\(property.value)\"")
      }
      duration = seconds
    }
    if let property = component.property("RRULE") {
      do {
        rule = try RecurrenceRuleText.parse(property.value)
      } catch {
        throw ICalendarProblem(line: property.line, uid: uid, "RRULE: \(error.problem)")
      }
    }
    var extra: [ICalendarTime] = []
    for property in component.properties("RDATE") {
      extra += try ICalendarTime.values(property, zones: zones, uid: uid)
    }
    extraDates = extra
    var excluded: [ICalendarTime] = []
    for property in component.properties("EXDATE") {
      excluded += try ICalendarTime.values(property, zones: zones, uid: uid)
    }
    excludedDates = excluded
    if (rule != nil || !extraDates.isEmpty), (kind == .event ? start : start ?? due) == nil {
      throw problem("a recurring \(kind.rawValue) needs \(kind == .event ? "DTSTART" : "DTSTART or DUE")")
    }
  }

  /// `[+|-]P…` (RFC 5545 §3.3.6) in seconds, days and weeks as 86 400 and 604 800.
  static func duration(_ text: String) -> Int? {
    var rest = Substring(text)
    var sign = 1
    if let first = rest.first, first == "+" || first == "-" {
      sign = first == "-" ? -1 : 1
      rest = rest.dropFirst()
    }
    guard rest.first == "P" else { return nil }
    rest = rest.dropFirst()
    var total = 0
    var inTime = false
    var any = false
    var digits = ""
    for character in rest {
      if character.isASCII, character.isNumber {
        digits.append(character)
        continue
      }
      if character == "T", digits.isEmpty, !inTime {
        inTime = true
        continue
      }
      guard let value = Int(digits), digits.count <= 9 else { return nil }
      let unit: Int? =
        switch (character, inTime) {
        case ("W", false): 604_800
        case ("D", false): 86_400
        case ("H", true): 3600
        case ("M", true): 60
        case ("S", true): 1
        default: nil
        }
      guard let unit else { return nil }
      total += value * unit
      digits = ""
      any = true
    }
    guard any, digits.isEmpty else { return nil }
    return sign * total
  }
}

import Foundation
import HeraldCore
import HeraldInterchange
import HeraldSystem

/// A large calendar export as a user's calendar program writes one: years of single events,
/// weekly and daily series with moved and cancelled instances, long folded descriptions in UTF-8,
/// times in an Outlook zone (`W. Europe Standard Time`, not an IANA name) whose `VTIMEZONE` comes
/// last — the hard case, where nothing can be resolved before the end — and in Berlin and UTC.
enum CalendarExport {
  static let outlookZone = "W. Europe Standard Time"
  /// Series among the events: weekly (every tenth of them daily), each with three overrides.
  static let seriesCount = 500

  /// Writes `events` events (about 520 bytes each) to `path`.
  static func write(_ path: String, events: Int) throws {
    guard FileManager.default.createFile(atPath: path, contents: nil),
      let handle = FileHandle(forWritingAtPath: path)
    else { throw EnvironmentError(tried: "creating \(path)", problem: "cannot write there") }
    defer { try? handle.close() }
    var text =
      "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Herald//Benchmark export//EN\r\nX-WR-CALNAME:Arbeit\r\n"
    var written = 0
    for index in 0..<events {
      let components = index < seriesCount ? series(index) : [single(index)]
      text += ICalendarWriter.write(components)
      if text.utf8.count >= 1 << 20 {
        written += text.utf8.count
        try handle.write(contentsOf: Data(text.utf8))
        text = ""
      }
    }
    text += ICalendarWriter.write([timeZone]) + "END:VCALENDAR\r\n"
    try handle.write(contentsOf: Data(text.utf8))
  }

  /// 2016-01-04, a Monday: single events spread from here over twenty years, series start here.
  static let firstDay = CivilDate(year: 2016, month: 1, day: 4)?.daysSinceEpoch ?? 0

  /// A single event: one of about fourteen a day over twenty years, an hour long.
  static func single(_ index: Int) -> ICalendarComponent {
    let day = firstDay + index % 7300
    let minute = 7 * 60 + (index * 37) % (12 * 60)
    let (parameters, value) = time(day: day, minute: minute, style: index % 3)
    let (_, end) = time(day: day, minute: minute + 60, style: index % 3)
    var properties = [
      ICalendarProperty(name: "UID", value: uid(index)),
      ICalendarProperty(name: "DTSTAMP", value: "20260301T120000Z"),
      ICalendarProperty(name: "DTSTART", parameters: parameters, value: value),
      ICalendarProperty(name: "DTEND", parameters: parameters, value: end),
      ICalendarProperty(name: "SUMMARY", value: ICalendarText.escape(title(index))),
      ICalendarProperty(name: "DESCRIPTION", value: ICalendarText.escape(description(index))),
      ICalendarProperty(
        name: "LOCATION", value: ICalendarText.escape("Besprechungsraum \(index % 40), 3. OG")),
    ]
    if index % 50 == 0 { properties.append(ICalendarProperty(name: "STATUS", value: "CANCELLED")) }
    var event = ICalendarComponent(name: "VEVENT", properties: properties)
    if index % 4 == 0 {
      event.components.append(
        ICalendarComponent(
          name: "VALARM",
          properties: [
            ICalendarProperty(name: "ACTION", value: "DISPLAY"),
            ICalendarProperty(name: "TRIGGER", value: "-PT15M"),
            ICalendarProperty(name: "DESCRIPTION", value: "Erinnerung"),
          ]))
    }
    return event
  }

  /// A long identifier, as Google and Outlook give them.
  static func uid(_ index: Int) -> String {
    String(UInt64(index) &* 0x9E37_79B9_7F4A_7C15, radix: 16)
      + "-\(index)@export.example.org"
  }

  /// A series since 2016 with three overrides: two instances moved by an hour, one cancelled,
  /// chosen around the benchmark's window (late March 2026, across the change to summer time).
  static func series(_ index: Int) -> [ICalendarComponent] {
    let uid = "series-\(index)@export.example.org"
    let minute = 8 * 60 + (index * 15) % (9 * 60)
    let daily = index % 10 == 0
    let (parameters, value) = time(day: firstDay + index % 5, minute: minute, style: index % 2)
    let (_, end) = time(day: firstDay + index % 5, minute: minute + 30, style: index % 2)
    let master = ICalendarComponent(
      name: "VEVENT",
      properties: [
        ICalendarProperty(name: "UID", value: uid),
        ICalendarProperty(name: "DTSTAMP", value: "20260301T120000Z"),
        ICalendarProperty(name: "DTSTART", parameters: parameters, value: value),
        ICalendarProperty(name: "DTEND", parameters: parameters, value: end),
        ICalendarProperty(name: "RRULE", value: daily ? "FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR" : "FREQ=WEEKLY"),
        ICalendarProperty(name: "SUMMARY", value: ICalendarText.escape(title(index))),
        ICalendarProperty(name: "DESCRIPTION", value: ICalendarText.escape(description(index))),
      ])
    // Instances in the weeks of 2026-03-23 and 2026-03-30, which the window covers.
    let windowWeek = (CivilDate(year: 2026, month: 3, day: 23)?.daysSinceEpoch ?? 0) + index % 5
    let overrides = (0..<3).map { number in
      let day = windowWeek + 7 * (number % 2) + (number == 2 ? 14 : 0)
      let (_, recurrence) = time(day: day, minute: minute, style: index % 2)
      let (_, moved) = time(day: day, minute: minute + 60, style: index % 2)
      var properties = [
        ICalendarProperty(name: "UID", value: uid),
        ICalendarProperty(name: "RECURRENCE-ID", parameters: parameters, value: recurrence),
        ICalendarProperty(name: "DTSTART", parameters: parameters, value: moved),
        ICalendarProperty(name: "SUMMARY", value: ICalendarText.escape(title(index) + " (verschoben)")),
      ]
      if number == 1 { properties.append(ICalendarProperty(name: "STATUS", value: "CANCELLED")) }
      return ICalendarComponent(name: "VEVENT", properties: properties)
    }
    return [master] + overrides
  }

  /// A reading on `day` at `minute` past midnight: in the Outlook zone, in Berlin, or in UTC.
  static func time(day: Int, minute: Int, style: Int) -> ([ICalendarParameter], String) {
    let local = LocalDateTime(localSeconds: day * 86_400 + minute * 60)
    let date = local.date
    let text =
      CivilDate.pad(date.year, 4) + CivilDate.pad(date.month, 2) + CivilDate.pad(date.day, 2) + "T"
      + CivilDate.pad(local.hour, 2) + CivilDate.pad(local.minute, 2) + "00"
    switch style {
    case 0: return ([ICalendarParameter(name: "TZID", values: [outlookZone])], text)
    case 1: return ([ICalendarParameter(name: "TZID", values: ["Europe/Berlin"])], text)
    default: return ([], text + "Z")
    }
  }

  static func title(_ index: Int) -> String {
    [
      "Abstimmung Q\(index % 4 + 1)", "Kundentermin Müller & Söhne", "1:1 mit Zoë",
      "Ausschuss für Straßenbau",
    ][
      index % 4]
  }

  /// About 230 bytes of prose with umlauts, an emoji and characters the text escapes.
  static func description(_ index: Int) -> String {
    "Tagesordnung für Termin \(index): 1. Rückblick, Maßnahmen; 2. Planung (Budget, Zeitplan); "
      + "3. Verschiedenes 🗓️.\nUnterlagen: https://intranet.example.org/t/\(index)\nRückfragen an "
      + "Jürgen Weiß oder Zoë Ångström — danke!"
  }

  /// Outlook's definition of Central European time, as it writes it.
  static let timeZone = ICalendarComponent(
    name: "VTIMEZONE",
    properties: [ICalendarProperty(name: "TZID", value: outlookZone)],
    components: [
      ICalendarComponent(
        name: "STANDARD",
        properties: [
          ICalendarProperty(name: "DTSTART", value: "16010101T030000"),
          ICalendarProperty(name: "TZOFFSETFROM", value: "+0200"),
          ICalendarProperty(name: "TZOFFSETTO", value: "+0100"),
          ICalendarProperty(name: "RRULE", value: "FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10"),
        ]),
      ICalendarComponent(
        name: "DAYLIGHT",
        properties: [
          ICalendarProperty(name: "DTSTART", value: "16010101T020000"),
          ICalendarProperty(name: "TZOFFSETFROM", value: "+0100"),
          ICalendarProperty(name: "TZOFFSETTO", value: "+0200"),
          ICalendarProperty(name: "RRULE", value: "FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3"),
        ]),
    ])
}

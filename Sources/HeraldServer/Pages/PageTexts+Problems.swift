import HeraldCore
import HeraldContracts
import HeraldSQLite

/// A refused change as a page shows it, in the page's language: the field or record, then the
/// problem. The core's errors are one English line for the command line and the API; the pages
/// say them again in German from this table. A problem the table does not know keeps its English
/// words, its field still named.
extension PageTexts {
  func problem(_ error: any Error) -> String {
    let (subject, problem): (String, String)
    switch error {
    case let error as FieldError: (subject, problem) = (error.field, error.problem)
    case let error as RecordError: (subject, problem) = (error.subject, error.problem)
    default: return String(describing: error)
    }
    guard language == .de else { return subject.isEmpty ? problem : "\(subject): \(problem)" }
    let said = Self.germanProblem(problem)
    return subject.isEmpty ? said : "\(Self.germanSubject(subject)): \(said)"
  }

  /// A form's field (`title`) or a record (`block b1`), as the German page names it.
  static func germanSubject(_ subject: String) -> String {
    let fields = [
      "title": "Titel", "start": "Beginn", "end": "Ende", "due": "Fällig", "source": "Quelle",
      "name": "Name", "username": "Benutzername", "passwordFile": "Passwort-Datei", "route": "Route",
      "template": "Vorlage", "calendars": "Kalender", "interval": "Intervall", "history": "Verlauf",
      "action": "Aktion", "fireDate": "Zeitpunkt",
    ]
    if let field = fields[subject] { return field }
    guard let match = subject.wholeMatch(of: /(block|task|calendar|route|token|reminder) (.+)/) else {
      return subject
    }
    let kind =
      [
        "block": "Focus Block", "task": "Task", "calendar": "Kalender", "route": "Route", "token": "Token",
        "reminder": "Mitteilung",
      ][
        String(match.output.1)] ?? String(match.output.1)
    return "\(kind) \(match.output.2)"
  }

  // swift-format-ignore: LineLength
  static func germanProblem(_ problem: String) -> String {
    switch problem {
    case "no such focus block", "no such task", "no such route", "no such calendar", "no such token":
      return "gibt es nicht"
    case "already exists": return "gibt es schon"
    case "must not be empty": return "darf nicht leer sein"
    case "must be after start": return "muss nach dem Beginn liegen"
    case "required": return "fehlt"
    case "this server follows no calendars for its users":
      return "dieser Server folgt für seine Nutzer keinen Kalendern"
    case "this server keeps no history for its users":
      return "dieser Server führt für seine Nutzer keinen Verlauf"
    case "no longer waits for an answer": return "wartet nicht mehr auf eine Antwort"
    case "expected done or snooze": return "erwartet done oder snooze"
    case "expected an RFC 3339 instant": return "erwartet einen Zeitpunkt nach RFC 3339"
    default: break
    }
    if let m = problem.wholeMatch(of: /is (\d+) characters long; at most (\d+) allowed/) {
      return "ist \(m.1) Zeichen lang; erlaubt sind höchstens \(m.2)"
    }
    if let m = problem.wholeMatch(
      of: /is part of a recurring event in calendar (.+); change the series in the calendar itself/)
    {
      return "gehört zu einer Terminserie im Kalender \(m.1); ändere die Serie im Kalender selbst"
    }
    if let m = problem.wholeMatch(
      of:
        /its event in calendar (\S+) was changed by another client since Herald last read it; not overwritten .*/
    ) {
      return
        "sein Termin im Kalender \(m.1) wurde seit dem letzten Lesen von einem anderen Programm geändert; nicht überschrieben (herald calendar sync \(m.1) liest die neue Fassung)"
    }
    if let m = problem.wholeMatch(of: /is in calendar (\S+), an \.ics feed, which is read-only/) {
      return "liegt im Kalender \(m.1), einem .ics-Abonnement, das nur gelesen wird"
    }
    if let m = problem.wholeMatch(of: /is in calendar (\S+), a single \.ics file, .*/) {
      return
        "liegt im Kalender \(m.1), einer einzelnen .ics-Datei, die Herald nur liest (in einen vdir-Ordner oder einen CalDAV-Kalender kann Herald schreiben)"
    }
    if let m = problem.wholeMatch(of: /a block in a calendar has no Herald tasks \(calendar (.+)\)/) {
      return "ein Focus Block in einem Kalender hat keine Tasks von Herald (Kalender \(m.1))"
    }
    if let m = problem.wholeMatch(
      of: /expected an RFC 3339 instant with offset or a local YYYY-MM-DDTHH:MM, got (.+)/)
    {
      return "erwartet ein Datum mit Uhrzeit wie 2026-12-07T14:00, nicht \(m.1)"
    }
    if let m = problem.wholeMatch(of: /(.+): \w+ \d{4} has (\d+) days \(in (.+)\)/) {
      return "\(m.1): der Monat hat \(m.2) Tage (in \(m.3))"
    }
    if let m = problem.wholeMatch(of: /(.+): the (month|day|hour|minute|second) must be (\S+) \(in (.+)\)/) {
      let unit =
        [
          "month": "der Monat", "day": "der Tag", "hour": "die Stunde", "minute": "die Minute",
          "second": "die Sekunde",
        ][String(m.2)] ?? String(m.2)
      return "\(m.1): \(unit) muss \(m.3) sein (in \(m.4))"
    }
    if let m = problem.wholeMatch(of: /expected (?:an integer )?(\d+–\d+), got (.+)/) {
      return "erwartet eine ganze Zahl \(m.1), nicht \(m.2)"
    }
    if let m = problem.wholeMatch(of: /expected (?:a whole number of minutes|minutes), got (.+)/) {
      return "erwartet eine ganze Zahl von Minuten, nicht \(m.1)"
    }
    if let m = problem.wholeMatch(of: /expected (.+) or (\S+), got (.+)/) {
      return "erwartet \(m.1) oder \(m.2), nicht \(m.3)"
    }
    if let m = problem.wholeMatch(of: /(\S+) is not after start (\S+)/) {
      return "\(m.1) liegt nicht nach dem Beginn \(m.2)"
    }
    if let m = problem.wholeMatch(of: /unknown template (.+)/) { return "unbekannte Vorlage \(m.1)" }
    return problem
  }
}

import HeraldCore

/// The pages' own words, in German (the specs' language) and English. Notification texts, style
/// labels and help texts come from the core's `Texts`, so a page shows what a notification says.
struct PageTexts: Sendable {
  let language: Language
  var core: Texts { Texts(language) }

  func pick(_ de: String, _ en: String) -> String { language == .de ? de : en }

  // MARK: Navigation

  var today: String { pick("Heute", "Today") }
  var live: String { pick("Live", "Live") }
  var settings: String { pick("Einstellungen", "Settings") }
  var route: String { pick("Route", "Route") }
  var save: String { pick("Speichern", "Save") }
  var saved: String { pick("Gespeichert.", "Saved.") }
  var notSaved: String { pick("Nicht gespeichert:", "Not saved:") }

  // MARK: Settings (spec 000, 001, 003, 004)

  var focusBlocks: String { pick("Focus Blocks", "Focus blocks") }
  var leadTime: String { pick("Vorwarnung (Minuten vor dem Start)", "Warning (minutes before the start)") }
  var leadFooter: String {
    pick(
      "0 heißt: Erinnerung genau beim Start.",
      "0 means: remind exactly at the start.")
  }
  var liveActivityNotification: String {
    pick(
      "Laufenden Focus Block als Mitteilung zeigen (Countdown auf dem Desktop)",
      "Show the running focus block as a notification (countdown on the desktop)")
  }
  var dueDateSection: String { pick("Frist-Erinnerungen", "Due-date reminders") }
  var morningReminder: String { pick("Morgen-Erinnerung", "Morning reminder") }
  var time: String { pick("Uhrzeit", "Time") }
  var advanceReminder: String { pick("Vorab-Erinnerung", "Advance reminder") }
  var leadTimePicker: String { pick("Vorlaufzeit", "Lead time") }
  var dueDateFooter: String {
    pick("Erinnerung wenn Tasks mit Frist fällig werden.", "Reminders when tasks with a due date fall due.")
  }
  /// The picker's choices: the spec's "15 Min, 30 Min, 1 Stunde, 2 Stunden, 1 Tag".
  func leadChoice(_ lead: AdvanceLeadTime) -> String {
    switch lead {
    case .fifteenMinutes: pick("15 Min", "15 min")
    case .thirtyMinutes: pick("30 Min", "30 min")
    case .oneHour: pick("1 Stunde", "1 hour")
    case .twoHours: pick("2 Stunden", "2 hours")
    case .oneDay: pick("1 Tag", "1 day")
    }
  }
  var movement: String { pick("Bewegung", "Movement") }
  var interval: String { pick("Intervall (Minuten)", "Interval (minutes)") }
  var fallbackInterval: String {
    pick("Intervall außerhalb von Zeitblöcken (Minuten)", "Fallback interval (minutes)")
  }
  var activeHours: String { pick("Aktive Stunden", "Active hours") }
  var followUp: String { pick("Nachfrage nach (Minuten)", "Follow-up after (minutes)") }
  var progressReport: String { pick("Tagesbilanz", "Daily progress report") }
  var styles: String { pick("Stile", "Styles") }
  var templates: String { pick("Vorlagen", "Templates") }
  var apply: String { pick("Übernehmen", "Apply") }
  var off: String { pick("aus", "off") }
  var timeBlocks: String { pick("Zeitblöcke", "Time blocks") }
  var fixedTimes: String { pick("Feste Zeiten", "Fixed times") }
  var fallback: String { pick("Intervall über die aktiven Stunden", "Interval over the active hours") }
  var from: String { pick("von", "from") }
  var until: String { pick("bis", "until") }
  var every: String { pick("alle (Minuten, leer: Profil)", "every (minutes, empty: profile)") }
  var fixedTimesHint: String { pick("z. B. 10:00, 16:30", "e.g. 10:00, 16:30") }
  func templateDescription(_ template: ScheduleTemplate) -> String {
    switch template {
    case .officeWorker: pick("Montag–Freitag 9–17 Uhr, dringend", "Monday–Friday 9–5, urgent")
    case .recoveryMode:
      pick("Jeden Tag 10–18 Uhr alle 90 Minuten, sanft", "Every day 10–6 every 90 minutes, gentle")
    case .gentleMovement: pick("Jeden Tag 8–20 Uhr stündlich, sanft", "Every day 8–8 every hour, gentle")
    }
  }
  func weekday(_ day: Weekday) -> String {
    switch day {
    case .monday: pick("Montag", "Monday")
    case .tuesday: pick("Dienstag", "Tuesday")
    case .wednesday: pick("Mittwoch", "Wednesday")
    case .thursday: pick("Donnerstag", "Thursday")
    case .friday: pick("Freitag", "Friday")
    case .saturday: pick("Samstag", "Saturday")
    case .sunday: pick("Sonntag", "Sunday")
    }
  }
  var places: String { pick("Orte", "Places") }
  var poiNotifications: String { pick("POI-Benachrichtigungen", "POI notifications") }
  var poiInfo: String {
    pick(
      "Benachrichtigt dich, wenn du auf deiner Route einen Ort erreichst. Dafür braucht Herald deinen Standort auch im Hintergrund, solange eine Route läuft.",
      "Tells you when you reach a place on your route. For that Herald needs your location in the background too, while a route runs."
    )
  }
  var languageHeading: String { pick("Sprache", "Language") }
  var calendars: String { pick("Kalender", "Calendars") }
  var calendar: String { pick("Kalender", "Calendar") }
  var noCalendars: String { pick("Kein Kalender abonniert.", "No calendar followed.") }
  var calendarSource: String {
    pick("CalDAV- oder .ics-URL, .ics-Datei oder vdir-Ordner", "CalDAV or .ics URL, .ics file or vdir folder")
  }
  var calendarName: String { pick("Name", "Name") }
  var username: String { pick("Benutzername", "User name") }
  var passwordFile: String { pick("Passwort-Datei", "Password file") }
  var lastRead: String { pick("gelesen", "read") }
  var lastReadFailed: String { pick("letzter Abruf fehlgeschlagen:", "last read failed:") }
  var stopFollowing: String { pick("Nicht mehr folgen", "Stop following") }
  var calendarsFooter: String {
    pick(
      "Termine sind Focus Blocks, Aufgaben mit Frist sind Tasks. Das Passwort liegt in einer Datei auf diesem Rechner und wird nie gespeichert.",
      "Events are focus blocks, to-dos with a due date are tasks. The password stays in a file on this machine and is never stored."
    )
  }

  // MARK: Today (spec 000, 001)

  var add: String { pick("Anlegen", "Add") }
  var change: String { pick("Ändern", "Change") }
  var delete: String { pick("Löschen", "Delete") }
  var done: String { pick("Erledigt", "Done") }
  var title: String { pick("Titel", "Title") }
  var start: String { pick("Beginn", "Start") }
  var end: String { pick("Ende", "End") }
  var due: String { pick("Fällig", "Due") }
  var tasks: String { pick("Tasks", "Tasks") }
  var upcoming: String { pick("Anstehende Mitteilungen", "Upcoming notifications") }
  var nothingUpcoming: String { pick("Nichts geplant.", "Nothing planned.") }
  var dayTimeline: String { pick("Der Tag", "The day") }
  var calendarLeftOut: String { pick("Nicht eingeplant:", "Left out of the plan:") }
  var storedProblemsHeading: String { pick("Nicht lesbar gespeichert", "Stored in a form Herald refuses") }
  /// One stored problem: which item, what could not be read, and what became of it.
  func storedProblem(_ problem: StoredProblem) -> String {
    let item =
      problem.kind == .task
      ? pick("Task \(problem.id)", "Task \(problem.id)")
      : pick("Focus Block \(problem.id)", "Focus block \(problem.id)")
    let outcome =
      problem.leftOut
      ? pick("ausgelassen", "left out")
      : pick(
        "ohne diesen Wert angezeigt — ändere oder lösche den Task",
        "shown without it — change or delete the task")
    return "\(item): \(problem.problem.field): \(problem.problem.problem) (\(outcome))"
  }

  // MARK: Live (spec 002)

  var noBlockRunning: String { pick("Kein Focus Block läuft", "No focus block running") }
  func next(_ title: String, at time: String) -> String {
    pick("als Nächstes: \(title) um \(time)", "next: \(title) at \(time)")
  }
  var noTaskLeft: String { pick("alle Tasks erledigt", "every task done") }
  var needsJavaScript: String {
    pick(
      "Der Countdown läuft mit JavaScript; ohne zeigt die Seite den Stand beim Laden.",
      "The countdown runs with JavaScript; without it the page shows the state when it loaded.")
  }

  // MARK: Route (spec 004)

  var noRoute: String { pick("Keine Route aktiv.", "No route active.") }
  var storedRoutes: String { pick("Gespeicherte Routen", "Stored routes") }
  var noStoredRoutes: String {
    pick(
      "Keine Route gespeichert. herald route import DATEI importiert eine (GPX oder JSON).",
      "No route stored. herald route import FILE imports one (GPX or JSON).")
  }
  var startWalk: String { pick("Starten", "Start") }
  var stopWalk: String { pick("Beenden", "Stop") }
  var points: String { pick("Orte der Route", "Places on the route") }
  var visited: String { pick("erreicht", "reached") }
  var notVisited: String { pick("noch nicht erreicht", "not reached yet") }
  var routeCompleted: String { pick("Route abgeschlossen.", "Route completed.") }
  func reached(_ count: Int, of total: Int) -> String {
    pick("\(count) von \(total) Orten erreicht", "\(count) of \(total) places reached")
  }
  func pointCount(_ count: Int) -> String {
    pick(count == 1 ? "1 Ort" : "\(count) Orte", count == 1 ? "1 place" : "\(count) places")
  }
  var on: String { pick("an", "on") }
  var poiOffNote: String {
    pick(
      "Aus: Orte werden weiter erfasst, aber nicht gemeldet.",
      "Off: places are still recorded, but not announced.")
  }
  func mapOf(_ name: String) -> String { pick("Karte der Route \(name)", "Map of the route \(name)") }

  // MARK: Login (remote)

  var login: String { pick("Anmelden", "Log in") }
  /// The token field's label, naming the command that prints a token the server accepts.
  func token(printedBy command: String) -> String {
    pick("Token (von \(command) ausgegeben)", "Token (printed by \(command))")
  }
  var wrongToken: String { pick("Dieses Token gilt nicht.", "That token is not valid.") }
}

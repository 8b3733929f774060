/// Every user-visible text of Herald's notifications, in one table per language.
///
/// The German texts are the specs' own strings; `contracts/plan.md` fixes the English ones.
public struct Texts: Sendable {
  public let language: Language

  public init(_ language: Language) { self.language = language }

  private func pick(_ de: String, _ en: String) -> String { language == .de ? de : en }

  // MARK: Focus block start (spec 000)

  public var focusBlockSoonTitle: String { pick("Focus Block startet gleich", "Focus block starts soon") }
  /// With a lead of 1, the singular (`contracts/plan.md`).
  public func focusBlockSoonBody(_ title: String, minutes: Int) -> String {
    minutes == 1
      ? pick("\(title) beginnt in 1 Minute", "\(title) starts in 1 minute")
      : pick("\(title) beginnt in \(minutes) Minuten", "\(title) starts in \(minutes) minutes")
  }
  public var focusBlockNowTitle: String { pick("Focus Block startet jetzt", "Focus block starts now") }
  public func focusBlockNowBody(_ title: String) -> String {
    pick("\(title) beginnt jetzt", "\(title) starts now")
  }

  // MARK: Due dates (spec 001)

  public var dueTodayTitle: String { pick("Heute fällig", "Due today") }
  public func dueTodayBody(_ title: String) -> String {
    pick("\(title) — pack ihn in einen Sprint", "\(title) — put it into a sprint")
  }
  public func dueInBody(_ title: String, lead: AdvanceLeadTime) -> String {
    pick("\(title) ist in \(span(lead)) fällig", "\(title) is due in \(span(lead))")
  }
  public func span(_ lead: AdvanceLeadTime) -> String {
    switch lead {
    case .fifteenMinutes: pick("15 Minuten", "15 minutes")
    case .thirtyMinutes: pick("30 Minuten", "30 minutes")
    case .oneHour: pick("1 Stunde", "1 hour")
    case .twoHours: pick("2 Stunden", "2 hours")
    case .oneDay: pick("1 Tag", "1 day")
    }
  }

  // MARK: Movement (spec 003)

  public var timeToMoveTitle: String { pick("Zeit für Bewegung", "Time to move") }
  public var standUpBody: String { pick("Steh auf und beweg dich kurz.", "Stand up and move for a minute.") }
  public var followUpTitle: String { pick("Noch nicht bewegt?", "Still sitting?") }
  public var followUpBody: String {
    pick("Deine letzte Bewegungspause steht noch aus.", "Your last movement break is still waiting.")
  }
  public var progressTitle: String { pick("Dein Bewegungstag", "Your movement today") }
  /// The day's tally; before any break was reminded (a report planned for a day still to come,
  /// or a day the daemon did not run) it says so instead of announcing "0 of 0".
  public func progressBody(done: Int, reminded: Int) -> String {
    guard reminded > 0 else {
      return pick("Noch keine Bewegungspause erinnert.", "No movement break reminded yet.")
    }
    return pick(
      "\(done) von \(reminded) Bewegungspausen erledigt.",
      "\(done) of \(reminded) movement breaks done.")
  }
  public var snoozeAction: String { pick("5 Minuten später", "Snooze 5 min") }
  public var doneAction: String { pick("Erledigt", "Done") }

  // MARK: Delivery

  /// After the title of a notification shown after its time.
  public var lateMarker: String { pick("(verspätet)", "(late)") }

  /// Under a reminder on a notification server without buttons: the commands that answer it.
  public func answerHint(_ commands: [String]) -> String {
    let list = commands.joined(separator: " · ")
    return pick("Antworten im Terminal: \(list)", "Answer in a terminal: \(list)")
  }

  /// The picker label of a style (spec 003: "Gentle (Silent)", "Urgent").
  public func label(_ style: NotificationStyle) -> String {
    switch style {
    case .gentle: pick("Sanft (lautlos)", "Gentle (Silent)")
    case .standard: pick("Standard", "Standard")
    case .urgent: pick("Dringend", "Urgent")
    }
  }

  /// The help text under a style (spec 003, "Documentation Needed").
  public func helpText(_ style: NotificationStyle) -> String {
    switch style {
    case .gentle:
      pick(
        "Sanft: Lautlose Mitteilungen, die nicht unterbrechen",
        "Gentle: Silent notifications that don't interrupt")
    case .standard: pick("Standard: Normales Mitteilungsverhalten", "Standard: Normal notification behavior")
    case .urgent:
      pick(
        "Dringend: Durchbricht den Fokus-Modus für wichtige Zeiten",
        "Urgent: Break through Focus mode for important times")
    }
  }

  // MARK: Live countdown (spec 002)

  /// `12:34 left` / `noch 12:34`.
  public func timeLeft(_ remaining: String) -> String { pick("noch \(remaining)", "\(remaining) left") }
  /// `2/5 done` / `2/5 erledigt`.
  public func tasksDone(_ tally: String) -> String { pick("\(tally) erledigt", "\(tally) done") }
  /// `25 min left` / `noch 25 Min.`: the countdown of a display updated once a minute.
  public func minutesLeft(_ minutes: Int) -> String { pick("noch \(minutes) Min.", "\(minutes) min left") }
  /// What the countdown says while no block runs.
  public var noBlockRunning: String { pick("kein Focus Block läuft", "no focus block running") }
  /// `next: Deep Work at 14:00` / `als Nächstes: Deep Work um 14:00`.
  public func nextBlock(_ title: String, at time: String) -> String {
    pick("als Nächstes: \(title) um \(time)", "next: \(title) at \(time)")
  }

  // MARK: Places (spec 004)

  public var spotTitle: String { pick("Ort erreicht", "Point of interest reached") }
  public func spotBody(_ name: String) -> String { pick("Du bist bei \(name).", "You are at \(name).") }
  public var routeCompletedTitle: String { pick("Route abgeschlossen", "Route completed") }
  public func routeCompletedBody(_ routeName: String, spots: Int) -> String {
    pick(
      "Du hast alle \(spots) Orte von \(routeName) besucht.",
      "You visited all \(spots) places of \(routeName).")
  }
  public var openMapAction: String { pick("Karte öffnen", "Open map") }
  public var mapVisited: String { pick("besucht", "visited") }
  public var mapNotVisited: String { pick("noch nicht besucht", "not visited yet") }
  public var mapTrack: String { pick("gegangener Weg", "walked track") }
  public var mapPosition: String { pick("aktuelle Position", "current position") }
  public var locationPermissionRevoked: String {
    pick(
      "Standortzugriff entzogen: Orts-Benachrichtigungen pausiert.",
      "Location access revoked: place notifications paused.")
  }
}

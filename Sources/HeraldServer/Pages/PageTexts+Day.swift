import HeraldCore

/// The words of the day view on Today: the days' headings, the marks of a row, its buttons, and the
/// notice after a delete with its undo.
extension PageTexts {
  var tomorrow: String { pick("Morgen", "Tomorrow") }
  /// A day's date under its heading: "Mittwoch, 25. November" reads "25. November".
  func date(_ day: CivilDate) -> String {
    let months = [
      ("Januar", "January"), ("Februar", "February"), ("März", "March"), ("April", "April"), ("Mai", "May"),
      ("Juni", "June"), ("Juli", "July"), ("August", "August"), ("September", "September"),
      ("Oktober", "October"), ("November", "November"), ("Dezember", "December"),
    ]
    let (de, en) = months[day.month - 1]
    return pick("\(day.day). \(de)", "\(day.day) \(en)")
  }
  var nothingThisDay: String { pick("Nichts geplant.", "Nothing planned.") }
  var noDueDateHeading: String { pick("Ohne Frist", "No due date") }
  var earlier: String { pick("Früher", "Earlier") }
  var edit: String { pick("Bearbeiten", "Edit") }
  var reopen: String { pick("Wieder öffnen", "Reopen") }
  var overdue: String { pick("überfällig", "overdue") }
  var pastBlock: String { pick("vorbei", "over") }
  var running: String { pick("läuft", "running") }
  var block: String { pick("Focus Block", "Focus block") }
  var noBlock: String { pick("keiner", "none") }
  var seriesInstance: String { pick("Serie", "series") }
  var editSeriesInCalendar: String {
    pick(
      "Teil einer Serie: ändere oder lösche sie in ihrem Kalender.",
      "Part of a series: change or delete it in its calendar.")
  }
  var newBlock: String { pick("Neuer Focus Block", "New focus block") }
  var newTask: String { pick("Neuer Task", "New task") }
  /// The notice after a delete, before its undo button.
  func deletedBlock(_ title: String) -> String {
    pick("Focus Block „\(title)“ gelöscht.", "Focus block “\(title)” deleted.")
  }
  func deletedTask(_ title: String) -> String {
    pick("Task „\(title)“ gelöscht.", "Task “\(title)” deleted.")
  }
  var undo: String { pick("Rückgängig", "Undo") }
}

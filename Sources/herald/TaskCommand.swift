import ArgumentParser
import Foundation
import HeraldCalendars
import HeraldContracts
import HeraldCore
import HeraldRuntime
import HeraldSQLite

/// `herald task`: tasks in the store.
struct TaskCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "task", abstract: "Add, edit, list, complete and remove tasks.",
    subcommands: [Add.self, Edit.self, List.self, Done.self, Remove.self])

  /// `herald task add`: prints the new task's id.
  struct Add: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Add a task; prints its id.")

    @OptionGroup var store: StoreOptions
    @Option(help: "What is to be done (1–500 characters).") var title: String
    @Option(
      help: ArgumentHelp(
        "When it is due: local YYYY-MM-DDTHH:MM, \"tomorrow 14:00\", \"friday 17:00\", +2h, or RFC 3339.",
        discussion: "A day alone (tomorrow, friday) is due at 23:59 on it."))
    var due: String?
    @Option(help: "Its id (default: t1, t2, …).") var id: String?

    func run() throws {
      let dueDate = try due.map { (text) throws(FieldError) in
        try SystemClockText.instant(text, field: "--due", dayAlone: SystemClockText.endOfDay)
      }
      let database = try store.open()
      try CalendarPlanning.requireUnusedByCalendars(
        id, kind: "task", store: database, timeZone: try SystemClockText.zone(), now: SystemClockText.now())
      let task = try database.addTask(id: id, title: title, due: dueDate)
      try StandardOutput.writeLine(task.id)
      // Said once it is stored: a refused task needs no note besides its error.
      if let dueDate { try Self.notePast(dueDate) }
    }

    /// A task due before now is stored, but neither of its reminders can fire any more.
    static func notePast(_ due: Date) throws {
      try SystemClockText.notePast(due, field: "--due", what: "no reminder will fire for this task")
    }
  }

  /// `herald task edit`: changes only what is given.
  struct Edit: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Change a task.")

    @OptionGroup var store: StoreOptions
    @Argument(help: "The task's id.") var id: String
    @Option(help: "A new title.") var title: String?
    @Option(help: "A new due date (the forms of `task add --due`).") var due: String?
    @Flag(name: .customLong("no-due"), help: "Remove the due date.") var noDue = false

    func run() throws {
      guard due == nil || !noDue else { throw FieldError("--no-due", "cannot go with --due") }
      guard title != nil || due != nil || noDue else {
        throw FieldError(id, "nothing to change: give --title, --due or --no-due")
      }
      let dueDate = try due.map { (text) throws(FieldError) in
        try SystemClockText.instant(text, field: "--due", dayAlone: SystemClockText.endOfDay)
      }
      try store.open().updateTask(id: id) { task in
        if let title { task.title = title }
        if let dueDate { task.due = dueDate }
        if noDue { task.due = nil }
      }
      if let dueDate { try Add.notePast(dueDate) }
    }
  }

  /// `herald task list`: one line per task: id, done or not, due date in local time, title.
  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the tasks.")

    @OptionGroup var store: StoreOptions

    func run() throws {
      let database = try store.open(.readOnly)
      try StoredProblemWarnings.write(of: database)
      for task in try database.tasks() {
        let due =
          try task.due.map(SystemClockText.text) ?? "-".padding(toLength: 16, withPad: " ", startingAt: 0)
        try StandardOutput.writeRow("\(task.id)  \(task.completed ? "[x]" : "[ ]")  \(due)  \(task.title)")
      }
    }
  }

  /// `herald task done`: the same as "Erledigt" on a due-date reminder.
  struct Done: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Mark a task done; its reminders end.")

    @OptionGroup var store: StoreOptions
    @Argument(help: "The task's id.") var id: String

    func run() throws {
      try store.open().completeTask(id: id)
    }
  }

  /// `herald task remove`: the task goes, and with it its links from focus blocks.
  struct Remove: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Remove a task.")

    @OptionGroup var store: StoreOptions
    @Argument(help: "The task's id.") var id: String

    func run() throws {
      try store.open().removeTask(id: id)
    }
  }
}

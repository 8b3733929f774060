import ArgumentParser
import Foundation
import HeraldCalendars
import HeraldContracts
import HeraldCore
import HeraldRuntime
import HeraldSQLite

/// `herald block`: focus blocks in the store.
struct BlockCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "block", abstract: "Add, edit, list and remove focus blocks.",
    subcommands: [Add.self, Edit.self, List.self, Remove.self])

  /// `herald block add`: prints the new block's id.
  struct Add: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Add a focus block; prints its id.")

    @OptionGroup var store: StoreOptions
    @Option(help: "What the block is for (1–500 characters).") var title: String
    @Option(
      help: "When it starts: local YYYY-MM-DDTHH:MM, \"tomorrow 14:00\", \"monday 09:00\", +2h, or RFC 3339.")
    var start: String
    @Option(help: "When it ends, after the start; same forms.") var end: String
    @Option(help: "Its id (default: b1, b2, …).") var id: String?
    @Option(name: .customLong("task"), help: "A task meant for the block (repeatable, in order).")
    var tasks: [String] = []
    @Option(help: "A followed CalDAV or vdir calendar (`herald calendar list`) to create it in, as an event.")
    var calendar: String?

    func run() async throws {
      let startDate = try SystemClockText.instant(start, field: "--start")
      let endDate = try SystemClockText.instant(end, field: "--end")
      if let calendar {
        guard tasks.isEmpty else {
          throw FieldError("--task", "cannot go with --calendar: a calendar event holds no Herald tasks")
        }
        let block = try await CalendarBlockWriter(
          store: store.open(), timeZone: try SystemTimeZoneSource().current()
        )
        .add(id: id, title: title, start: startDate, end: endDate, to: calendar, now: SystemClockText.now())
        try StandardOutput.writeLine(block.id)
        try Self.notePast(start: startDate, end: endDate)
        return
      }
      let database = try store.open()
      try CalendarPlanning.requireUnusedByCalendars(
        id, kind: "block", store: database, timeZone: try SystemClockText.zone(), now: SystemClockText.now())
      let block = try database.addFocusBlock(
        id: id, title: title, start: startDate, end: endDate, taskIDs: tasks)
      try StandardOutput.writeLine(block.id)
      // Said once it is stored: a refused block needs no note besides its error.
      try Self.notePast(start: startDate, end: endDate)
    }

    /// A block that began before now is stored, but its start reminder cannot fire any more.
    static func notePast(start: Date?, end: Date?) throws {
      if let end, end <= (try SystemClockText.now()) {
        try SystemClockText.notePast(
          start ?? end, field: start == nil ? "--end" : "--start",
          what: "no reminder will fire for this block")
      } else if let start {
        try SystemClockText.notePast(
          start, field: "--start", what: "the block is under way, so no start reminder will fire")
      }
    }
  }

  /// `herald block edit`: changes only what is given, in Herald's store or in the calendar event
  /// the block is.
  struct Edit: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Change a focus block.")

    @OptionGroup var store: StoreOptions
    @Argument(help: "The block's id.") var id: String
    @Option(help: "A new title.") var title: String?
    @Option(help: "A new start (the forms of `block add --start`).") var start: String?
    @Option(help: "A new end.") var end: String?
    @Option(name: .customLong("task"), help: "The block's tasks, replacing the old list (repeatable).")
    var tasks: [String] = []
    @Flag(name: .customLong("no-tasks"), help: "Unlink every task.") var noTasks = false

    func run() async throws {
      guard tasks.isEmpty || !noTasks else { throw FieldError("--no-tasks", "cannot go with --task") }
      guard title != nil || start != nil || end != nil || !tasks.isEmpty || noTasks else {
        throw FieldError(id, "nothing to change: give --title, --start, --end, --task or --no-tasks")
      }
      let startDate = try start.map { (text) throws(FieldError) in
        try SystemClockText.instant(text, field: "--start")
      }
      let endDate = try end.map { (text) throws(FieldError) in
        try SystemClockText.instant(text, field: "--end")
      }
      let apply = { (block: inout FocusBlock) in
        if let title { block.title = title }
        if let startDate { block.start = startDate }
        if let endDate { block.end = endDate }
        if !tasks.isEmpty || noTasks { block.taskIDs = tasks }
      }
      let database = try store.open()
      do {
        try database.updateFocusBlock(id: id, apply)
      } catch let missing as RecordError where missing.reason == .notFound {
        // Not one of Herald's own: it may be an event of a followed calendar.
        let writer = CalendarBlockWriter(store: database, timeZone: try SystemTimeZoneSource().current())
        guard try await writer.edit(id: id, now: SystemClockText.now(), apply) != nil else { throw missing }
      }
      try Add.notePast(start: startDate, end: endDate)
    }
  }

  /// `herald block list`: one line per block, in local time.
  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the focus blocks.")

    @OptionGroup var store: StoreOptions

    func run() throws {
      let database = try store.open(.readOnly)
      try StoredProblemWarnings.write(of: database)
      for block in try database.focusBlocks() {
        let tasks = block.taskIDs.isEmpty ? "" : "  [\(block.taskIDs.joined(separator: ", "))]"
        try StandardOutput.writeRow(
          "\(block.id)  \(SystemClockText.text(block.start)) → \(SystemClockText.text(block.end))  "
            + block.title + tasks)
      }
    }
  }

  /// `herald block remove`: the block goes (from the store, or its event from its calendar), its
  /// tasks stay.
  struct Remove: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Remove a focus block (not its tasks).")

    @OptionGroup var store: StoreOptions
    @Argument(help: "The block's id.") var id: String

    func run() async throws {
      let database = try store.open()
      do {
        try database.removeFocusBlock(id: id)
      } catch let missing as RecordError where missing.reason == .notFound {
        let writer = CalendarBlockWriter(store: database, timeZone: try SystemTimeZoneSource().current())
        guard try await writer.remove(id: id, now: SystemClockText.now()) else { throw missing }
      }
    }
  }
}

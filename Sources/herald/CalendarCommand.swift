import ArgumentParser
import Foundation
import HeraldCalendars
import HeraldContracts
import HeraldCore
import HeraldRuntime
import HeraldSQLite

/// `herald calendar`: the calendars the daemon follows (`contracts/calendar.md`).
struct CalendarCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "calendar",
    abstract: "Follow calendars whose events are focus blocks and whose to-dos are tasks.",
    subcommands: [Add.self, List.self, Remove.self, Sync.self])

  /// `herald calendar add`: reads the source once, keeps it, prints the new calendar's id.
  struct Add: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract:
        "Follow a calendar: a CalDAV collection, an .ics feed, a local .ics file or a vdir folder; prints its id."
    )

    @OptionGroup var store: StoreOptions
    @Argument(
      help: "A CalDAV collection or .ics feed URL, a local .ics file, or a vdir folder (one .ics per item).")
    var source: String
    @Option(help: "What to call it (default: the file or folder name).") var name: String?
    @Option(help: "The user name for a calendar on a server.") var username: String?
    @Option(
      help:
        "A file holding the password (one trailing newline is not part of it); else $HERALD_CALENDAR_PASSWORD."
    )
    var passwordFile: String?

    func run() async throws {
      let calendar = try await CalendarFollowing.add(
        source: source, name: name, username: username, passwordFile: passwordFile, store: store.open(),
        now: SystemClockText.now(), timeZone: try SystemTimeZoneSource().current())
      try StandardOutput.writeLine(calendar.id)
    }
  }

  /// `herald calendar list`: one line per calendar: id, kind, name, source, last good read.
  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the followed calendars.")

    @OptionGroup var store: StoreOptions

    func run() throws {
      let database = try store.open(.readOnly)
      // A calendar that cannot be planned from (an id one of its items shares) says so here too.
      let leftOut = Dictionary(
        try CalendarPlanning.planningState(
          store: database, timeZone: try SystemClockText.zone(), now: SystemClockText.now()
        )
        .problems.map { ($0.calendarID, $0.message) }, uniquingKeysWith: { first, _ in first })
      for calendar in try database.calendars() {
        let read = try calendar.lastReadAt.map(SystemClockText.text) ?? "never"
        let failing = calendar.lastError.map { "  (last read failed: \($0))" } ?? ""
        let problem = leftOut[calendar.id].map { "  (left out of the plan: \($0))" } ?? ""
        try StandardOutput.writeRow(
          "\(calendar.id)  \(calendar.kind.rawValue)  \(calendar.name)  \(calendar.source)  read \(read)\(failing)\(problem)"
        )
      }
    }
  }

  /// `herald calendar remove`: stops following; its blocks and tasks leave the plan.
  struct Remove: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Stop following a calendar.")

    @OptionGroup var store: StoreOptions
    @Argument(help: "The calendar's id.") var id: String

    func run() throws {
      try store.open().removeCalendar(id)
    }
  }

  /// `herald calendar sync`: reads now, once; a calendar that cannot be read keeps its last copy.
  struct Sync: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Read every followed calendar (or one) now; one that cannot be read keeps its last good copy."
    )

    @OptionGroup var store: StoreOptions
    @Argument(help: "The calendar's id (default: every one).") var id: String?

    func run() async throws {
      let database = try store.open()
      var calendars = try database.calendars()
      if let id {
        calendars = calendars.filter { $0.id == id }
        guard !calendars.isEmpty else { throw RecordError.notFound("calendar \(id)", "no such calendar") }
      }
      var failure: (any Error)?
      for calendar in calendars {
        do {
          try await CalendarSync.sync(
            calendar, store: database, now: SystemClockText.now(),
            timeZone: try SystemTimeZoneSource().current())
        } catch {
          // Every calendar is tried; all but the last failure are told here, that one on exit.
          if let failure { StandardError.writeLine("error: \(failure)") }
          failure = error
        }
      }
      if let failure { throw failure }
    }
  }
}

import ArgumentParser
import Foundation
import HeraldCore
import HeraldStore

/// `herald block`: focus blocks in the store.
struct BlockCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "block", abstract: "Add, edit, list and remove focus blocks.",
    subcommands: [Add.self, Edit.self, List.self, Remove.self])

  /// `herald block add`: prints the new block's id.
  struct Add: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Add a focus block; prints its id.")

    @OptionGroup var store: StoreOptions
    @Option(help: "What the block is for (1–500 characters).") var title: String
    @Option(help: "When it starts: RFC 3339 with offset, or local YYYY-MM-DDTHH:MM.") var start: String
    @Option(help: "When it ends, after the start; same forms.") var end: String
    @Option(help: "Its id (default: b1, b2, …).") var id: String?
    @Option(name: .customLong("task"), help: "A task meant for the block (repeatable, in order).")
    var tasks: [String] = []

    func run() throws {
      let startDate = try SystemClockText.instant(start, field: "--start")
      let endDate = try SystemClockText.instant(end, field: "--end")
      let block = try store.open().addFocusBlock(
        id: id, title: title, start: startDate, end: endDate, taskIDs: tasks)
      try StandardOutput.writeLine(block.id)
    }
  }

  /// `herald block edit`: changes only what is given.
  struct Edit: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Change a focus block.")

    @OptionGroup var store: StoreOptions
    @Argument(help: "The block's id.") var id: String
    @Option(help: "A new title.") var title: String?
    @Option(help: "A new start.") var start: String?
    @Option(help: "A new end.") var end: String?
    @Option(name: .customLong("task"), help: "The block's tasks, replacing the old list (repeatable).")
    var tasks: [String] = []
    @Flag(name: .customLong("no-tasks"), help: "Unlink every task.") var noTasks = false

    func run() throws {
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
      try store.open().updateFocusBlock(id: id) { block in
        if let title { block.title = title }
        if let startDate { block.start = startDate }
        if let endDate { block.end = endDate }
        if !tasks.isEmpty || noTasks { block.taskIDs = tasks }
      }
    }
  }

  /// `herald block list`: one line per block, in local time.
  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the focus blocks.")

    @OptionGroup var store: StoreOptions

    func run() throws {
      for block in try store.open(.readOnly).focusBlocks() {
        let tasks = block.taskIDs.isEmpty ? "" : "  [\(block.taskIDs.joined(separator: ", "))]"
        try StandardOutput.writeLine(
          "\(block.id)  \(SystemClockText.text(block.start)) → \(SystemClockText.text(block.end))  "
            + block.title + tasks)
      }
    }
  }

  /// `herald block remove`: the block goes, its tasks stay.
  struct Remove: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Remove a focus block (not its tasks).")

    @OptionGroup var store: StoreOptions
    @Argument(help: "The block's id.") var id: String

    func run() throws {
      try store.open().removeFocusBlock(id: id)
    }
  }
}

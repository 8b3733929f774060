import ArgumentParser
import Foundation
import HeraldContracts
import HeraldCore
import HeraldRuntime
import HeraldSQLite

/// `herald ack`: the movement reminder's "Done" button, on the command line.
struct AckCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "ack", abstract: "Mark the last movement reminder done (no follow-up comes).")

  @OptionGroup var store: StoreOptions

  func run() throws {
    let counted = try ReminderActions.acknowledgeMovement(
      store: store.open(), at: SystemClockText.now(), timeZone: try SystemTimeZoneSource().current())
    guard counted else {
      throw FieldError("", "nothing to mark done: no movement reminder is waiting for an answer")
    }
    try StandardOutput.write("Done: movement break counted.\n")
  }
}

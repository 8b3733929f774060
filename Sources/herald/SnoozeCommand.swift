import ArgumentParser
import Foundation
import HeraldContracts
import HeraldCore
import HeraldRuntime
import HeraldSQLite

/// `herald snooze`: the movement reminder's "Snooze 5 min" button, on the command line.
struct SnoozeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "snooze", abstract: "Remind me to move again in 5 minutes.")

  @OptionGroup var store: StoreOptions

  func run() throws {
    guard try ReminderActions.snoozeMovement(store: store.open(), at: SystemClockText.now()) else {
      throw FieldError("", "nothing to snooze: no movement reminder is waiting for an answer")
    }
    try StandardOutput.write("Snoozed: the movement reminder comes again in 5 minutes.\n")
  }
}

import ArgumentParser
import Foundation
import HeraldCore
import HeraldRuntime
import HeraldStore

/// `herald ack`: the movement reminder's "Done" button, on the command line.
struct AckCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "ack", abstract: "Mark the last movement reminder done (no follow-up comes).")

  @OptionGroup var store: StoreOptions

  func run() throws {
    try ReminderActions.acknowledgeMovement(
      store: store.open(), at: Date(), timeZone: SystemTimeZoneSource().current())
    print("Done: movement break counted.")
  }
}

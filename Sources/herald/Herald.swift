import ArgumentParser
import Foundation
import HeraldContracts
import HeraldCore
import HeraldInterchange
import HeraldSQLite
import HeraldSystem

/// The `herald` command: parses arguments, calls one core function, prints.
@main
struct Herald: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "herald",
    abstract: "Reminders for focus blocks, due dates, movement breaks and walks — exact to the second.",
    discussion: """
      `herald plan` prints every notification that should be pending for a scenario; `herald route \
      replay` feeds a recorded GPX track through the proximity monitor. Both are deterministic: the \
      same input gives the same output, byte for byte.
      """,
    subcommands: [
      PlanCommand.self, RouteCommand.self, BlockCommand.self, TaskCommand.self, SettingsCommand.self,
      MovementCommand.self, ImportCommand.self, ExportCommand.self, UpcomingCommand.self,
      LiveCommand.self, RunCommand.self, DemoCommand.self, SnoozeCommand.self, AckCommand.self,
      ServeCommand.self, TokenCommand.self, MapCommand.self, UserCommand.self, WorkerCommand.self,
      DeliveriesCommand.self, CalendarCommand.self,
    ])

  /// Runs the command; any error is one line on stderr and a non-zero exit, never a usage dump
  /// mixed into a pipeline.
  static func main() async {
    StandardOutput.prepare()
    if CommandLine.arguments.dropFirst() == ["--version"] {
      // Which tz database every instant comes from, with Herald's own version.
      print("herald \(HeraldVersion.current)\n\(SystemZones.shared.release)")
      Foundation.exit(0)
    }
    if let notice = SystemZones.shared.fallbackNotice {
      StandardError.writeLine("warning: \(notice)")
    }
    do {
      var command = try parseAsRoot()
      if var command = command as? any AsyncParsableCommand {
        try await command.run()
      } else {
        try command.run()
      }
    } catch let error as FieldError {
      fail("error: \(error)", code: 1)
    } catch let error as EnvironmentError {
      fail("error: \(error)", code: 1)
    } catch let error as RecordError {
      fail("error: \(error)", code: 1)
    } catch {
      let code = exitCode(for: error)
      if code == .success {
        // --help and --version: ArgumentParser's text is the output.
        print(fullMessage(for: error))
        Foundation.exit(0)
      }
      let message = message(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
      fail("error: \(message)", code: code == .validationFailure ? 64 : code.rawValue)
    }
  }

  private static func fail(_ line: String, code: Int32) -> Never {
    StandardError.writeLine(line)
    Foundation.exit(code)
  }
}

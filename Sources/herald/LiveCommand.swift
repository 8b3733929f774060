import ArgumentParser
import Foundation
import HeraldContracts
import HeraldCore
import HeraldRuntime
import HeraldSQLite

/// `herald live`: the running focus block's countdown for a status bar or a terminal, the
/// desktop's Live Activity.
struct LiveCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "live",
    abstract: "Stream the running focus block's countdown, once a second.",
    discussion: """
      Each second prints one line: the block's title, the time left, the current task, how many of \
      its tasks are done and the elapsed percentage. On a terminal the line is updated in place and \
      fits its width; on a pipe each second is a line of its own. With no block running the text \
      line names the next block (for waybar, an object with empty text and class "idle"; for \
      i3bar, no block). The stream ends when the block ends, unless --follow is given.
      """)

  @Option(help: "waybar (one JSON object per line), i3bar (the i3bar/swaybar protocol) or text.")
  var format: LiveFormat = .text

  @Flag(help: "Print the current state once and exit.")
  var once = false

  @Flag(help: "Keep streaming after the block ends, for a bar that starts the command only once.")
  var follow = false

  @OptionGroup var store: StoreOptions

  func validate() throws {
    guard !(once && follow) else { throw ValidationError("--once cannot go with --follow") }
  }

  func run() async throws {
    let options = self.store
    let store = try options.open(.readOnly)
    let timeZone = try SystemTimeZoneSource().current()
    let ending: LiveStream.Ending = once ? .once : follow ? .never : .atBlockEnd
    let output = LiveOutput()
    let stream = LiveStream(
      clock: SystemClock(),
      renderer: format.renderer(language: try store.language(), timeZone: timeZone, width: output.width),
      ending: ending,
      snapshot: {
        // A read-only connection sees the database as it was when opened: one per snapshot
        // follows what the daemon and other commands change.
        let state = try options.open(.readOnly).planningState(timeZone: timeZone)
        return (state.focusBlocks, state.tasks)
      },
      // Straight to the descriptor: a bar reading the pipe sees each line at once, where print()
      // would sit in a buffer.
      output: { frame in try StandardOutput.writeOrFail(output.bytes(for: frame)) })
    do {
      try await stream.run()
      if output.isTerminal { try StandardOutput.writeOrFail("\n") }
    } catch let failure as StandardOutput.Failure {
      // The bar or pager went away: the stream's natural end, as for any Unix filter.
      guard failure.readerWentAway else { throw failure.environmentError }
    }
  }
}

extension LiveFormat: ExpressibleByArgument {}

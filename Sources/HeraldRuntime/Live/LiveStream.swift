import Foundation
import HeraldContracts
import HeraldCore

/// The live countdown as a stream of lines: the desktop's Live Activity.
///
/// Each tick re-reads the user's data (so a task completed in another process shows within a
/// second), asks the core's `FocusActivityLifecycle` what is shown, and writes one frame. It waits
/// only on the injected clock, so tests step it second by second with a `ManualClock`.
public struct LiveStream {
  /// The blocks and tasks as stored now; the CLI reads the store, tests return values.
  public typealias Snapshot = () throws -> (blocks: [FocusBlock], tasks: [TodoItem])

  /// When the stream stops by itself.
  public enum Ending: Sendable, Hashable {
    /// After one frame.
    case once
    /// When a block was shown and now none runs: the activity's end. Until then, even with no
    /// block running at all, a bar gets a frame every second.
    case atBlockEnd
    /// Never: a bar that starts the stream once keeps it across blocks.
    case never
  }

  /// The only source of time and of waiting.
  public let clock: any HeraldClock
  /// Read once per tick, never cached: the store is the truth, and it is cheap to read.
  public let snapshot: Snapshot
  /// Lays out each frame in the chosen format.
  public let renderer: any LiveRenderer
  /// When the stream stops by itself.
  public let ending: Ending
  /// Receives each line (without a newline). A throw (the reader closed the pipe) ends the stream.
  public let output: (String) throws -> Void

  /// A stream writing `format`; nothing runs until `run()`.
  public init(
    clock: any HeraldClock, format: LiveFormat, language: Language = .en, ending: Ending = .atBlockEnd,
    snapshot: @escaping Snapshot, output: @escaping (String) throws -> Void
  ) {
    self.init(
      clock: clock, renderer: format.renderer(language: language), ending: ending, snapshot: snapshot,
      output: output)
  }

  /// A stream writing with `renderer`; nothing runs until `run()`.
  public init(
    clock: any HeraldClock, renderer: any LiveRenderer, ending: Ending = .atBlockEnd,
    snapshot: @escaping Snapshot, output: @escaping (String) throws -> Void
  ) {
    self.clock = clock
    self.snapshot = snapshot
    self.renderer = renderer
    self.ending = ending
    self.output = output
  }

  /// Writes the preamble and a frame per tick until the stream ends; rethrows the snapshot's and
  /// the output's errors and `CancellationError`.
  public func run() async throws {
    for line in renderer.preamble { try output(line) }
    // The desktop has no cap on an activity's life, so the lifecycle never renews one.
    var lifecycle = FocusActivityLifecycle(limits: .unlimited)
    var now = clock.now()
    var isFirst = true
    while true {
      let world = try snapshot()
      let transitions = lifecycle.advance(blocks: world.blocks, tasks: world.tasks, now: now)
      let shown = lifecycle.shown?.activity
      let next = shown == nil ? FocusActivity.nextBlock(blocks: world.blocks, now: now) : nil
      try output(renderer.frame(shown, next: next, now: now, isFirst: isFirst))
      isFirst = false
      if ending == .once { return }
      if ending == .atBlockEnd, shown == nil, transitions.contains(where: Self.isEnd) { return }
      var tick = LiveTick.next(after: now, countdownEnd: shown?.attributes.endDate)
      // A block starting between two whole seconds shows from its first instant.
      if let start = lifecycle.nextEvaluation(blocks: world.blocks, now: now), start < tick { tick = start }
      try await clock.sleep(until: tick, maximumWait: tick.timeIntervalSince(now))
      now = LiveTick.frameInstant(woke: clock.now(), tick: tick)
    }
  }

  private static func isEnd(_ transition: FocusActivityTransition) -> Bool {
    if case .end = transition { return true }
    return false
  }
}

import Foundation
import HeraldCore
import HeraldRuntime
import Testing

/// Runs a `LiveStream` on a `ManualClock` and records its lines; the test changes the world and
/// steps the clock, and `settle()` waits (by yielding, never on real time) until the stream has
/// written its frame and sleeps again, or has ended.
final class LiveHarness: @unchecked Sendable {
  let clock: ManualClock
  private let lock = NSLock()
  private var recorded: [String] = []
  private var world: (blocks: [FocusBlock], tasks: [TodoItem])
  private var outcome: Result<Void, any Error>?
  private var task: Task<Void, Never>?

  init(now: Date, blocks: [FocusBlock] = [], tasks: [TodoItem] = []) {
    clock = ManualClock(now: now)
    world = (blocks, tasks)
  }

  deinit { task?.cancel() }

  var lines: [String] { lock.withLock { recorded } }
  var hasEnded: Bool { lock.withLock { outcome != nil } }
  var error: (any Error)? {
    lock.withLock {
      guard case .failure(let error) = outcome else { return nil }
      return error
    }
  }

  /// Replaces the stored data, as another herald process would.
  func update(blocks: [FocusBlock]? = nil, tasks: [TodoItem]? = nil) {
    lock.withLock {
      if let blocks { world.blocks = blocks }
      if let tasks { world.tasks = tasks }
    }
  }

  /// Starts the stream and waits for its first frame.
  func start(
    _ format: LiveFormat, ending: LiveStream.Ending = .atBlockEnd,
    output: (@Sendable (String) throws -> Void)? = nil
  ) async {
    task = Task {
      let stream = LiveStream(
        clock: clock, format: format, ending: ending, snapshot: { self.lock.withLock { self.world } },
        output: { line in
          try output?(line)
          self.lock.withLock { self.recorded.append(line) }
        })
      let result: Result<Void, any Error>
      do { result = .success(try await stream.run()) } catch { result = .failure(error) }
      lock.withLock { outcome = result }
    }
    await settle()
  }

  /// Moves the clock and waits for the stream to react.
  func advance(by seconds: Double) async {
    clock.advance(by: seconds)
    await settle()
  }

  /// Yields until the stream sleeps on the clock or has ended.
  func settle() async {
    for _ in 0..<1_000_000 {
      if clock.sleeperCount > 0 || hasEnded { return }
      await Task.yield()
    }
    Issue.record("the live stream neither slept nor ended")
  }
}

import Foundation
import HeraldContracts
import NIOCore
import NIOPosix

/// The machine's real clock, whose sleeps are timers of the event loop the sleeping task runs on
/// — as the worker's tasks do (`DeliveryWorker.runTasksOnEventLoops`). `Task.sleep` arms a
/// Dispatch timer, which a Dispatch thread of its own fires before the task is handed back to
/// its loop: two threads woken for each of the worker's sleeps, and a worker sleeps once for
/// every row it claimed ahead. Off an event loop it sleeps as `SystemClock` does.
public struct EventLoopClock: HeraldClock {
  private let system = SystemClock()

  public init() {}

  public func now() -> Date { system.now() }

  public func monotonicSeconds() -> Double { system.monotonicSeconds() }

  public func sleep(until deadline: Date, maximumWait: Double) async throws {
    guard let loop = MultiThreadedEventLoopGroup.currentEventLoop else {
      return try await system.sleep(until: deadline, maximumWait: maximumWait)
    }
    let wait = min(max(0, deadline.timeIntervalSinceNow), maximumWait)
    try await Self.sleep(on: loop, for: .nanoseconds(Int64(wait * 1e9)))
  }

  /// Sleeps for `wait` on `loop`'s timer; throws at once when the task is cancelled, as
  /// `Task.sleep` does.
  static func sleep(on loop: any EventLoop, for wait: TimeAmount) async throws {
    let timer = loop.scheduleTask(in: wait) {}
    do {
      try await withTaskCancellationHandler {
        try await timer.futureResult.get()
      } onCancel: {
        timer.cancel()
      }
    } catch EventLoopError.cancelled {
      throw CancellationError()
    }
  }
}

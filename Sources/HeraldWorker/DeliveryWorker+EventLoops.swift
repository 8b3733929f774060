import NIOCore
import NIOPosix

extension DeliveryWorker {
  /// Makes NIO's event loops Swift's global executor for the rest of the process: a task resumed
  /// by a webhook's answer or a database reply then runs on the loop that read it, instead of
  /// hopping to Swift's own thread pool and back for every request. Call once, before the worker
  /// starts any task (`herald worker` does, first thing). The worker's tasks never block a thread
  /// (every wait is `await`), which is what running on an event loop asks of them. Returns whether
  /// the executor was installed (it is not on a platform without the runtime's hook).
  ///
  /// `threads` is how many event loops (threads) run them, the machine's cores when nil. With one,
  /// nothing a delivery does passes between threads — each hop is a thread woken and a context
  /// switch, about a tenth of a busy worker's CPU — so one worker per core, each on one thread,
  /// spends the least a delivery. NIO takes the count only before its group's first use, once.
  @discardableResult
  public static func runTasksOnEventLoops(threads: Int? = nil) -> Bool {
    if let threads { NIOSingletons.groupLoopCountSuggestion = threads }
    return NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
  }
}

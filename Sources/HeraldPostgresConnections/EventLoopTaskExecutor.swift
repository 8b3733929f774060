import NIOCore

/// An event loop as the executor a task prefers (`Task(executorPreference:)`,
/// `withTaskExecutorPreference`): the task's jobs run on the loop's thread, so a task that talks
/// to a channel of that loop writes to it without waking the loop from another thread, and is
/// resumed by what the loop reads without a hop to Swift's thread pool and back. Each hop is a
/// thread woken and a context switch; `herald serve --postgres` made 3.5 of them a task created
/// on Swift's pool, 1.5 with its requests and their queries on their loops.
///
/// Only for tasks that never block their thread: every job of every channel of the loop waits
/// for them.
public final class EventLoopTaskExecutor: TaskExecutor {
  public let loop: any EventLoop

  public init(_ loop: any EventLoop) { self.loop = loop }

  public func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    loop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
  }
}

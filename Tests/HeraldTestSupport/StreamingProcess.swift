import Foundation
import HeraldSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A long-running `herald` process whose standard output is read line by line while it runs.
///
/// Both pipes are drained continuously on threads of their own, so the process never blocks on a
/// full pipe however slowly the test consumes `lines`. Tests can signal the process (SIGKILL for
/// a crash) and keep reading: whatever it wrote before it died still arrives, and a last line it
/// was killed in the middle of arrives with `isComplete == false`.
public final class StreamingProcess: @unchecked Sendable {
  /// One line of output and when it arrived.
  public struct Line: Sendable {
    public var text: String
    /// Seconds since the launch.
    public var arrival: Double
    /// `false` for bytes the process left without a line break before its output ended.
    public var isComplete: Bool
  }

  /// Standard output, line by line; ends when the process's output ends.
  public let lines: AsyncStream<Line>
  private let continuation: AsyncStream<Line>.Continuation
  private let process: Process
  private let launched = ContinuousClock.now
  private let lock = NSLock()
  private var errorLines: [Line] = []
  private var exitStatus: Int32?
  private var exitWaiters: [CheckedContinuation<Int32, Never>] = []

  /// Launches `herald` (from the build's products) with `arguments` and `environment` added to
  /// the test's; stdin reads `stdin`, then ends (nothing when `nil`).
  public init(_ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:]) throws {
    (lines, continuation) = AsyncStream.makeStream(of: Line.self, bufferingPolicy: .unbounded)
    process = HeraldProcess.process(arguments, environment: environment)
    let input = Pipe()
    process.standardInput = stdin == nil ? FileHandle.nullDevice : input
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.terminationHandler = { [self] finished in exited(status: finished.terminationStatus) }
    // So that `terminate()` reaches it however the calling thread masks signals.
    try process.start()
    if let stdin {
      // Written on a thread of its own: a large input must not wait for the reader here.
      let writer = input.fileHandleForWriting
      Thread.detachNewThread {
        writer.write(stdin)
        try? writer.close()
      }
    }
    let stdout = out.fileHandleForReading
    let stderr = err.fileHandleForReading
    let continuation = continuation
    Thread.detachNewThread { [self] in
      drain(stdout) { continuation.yield($0) }
      continuation.finish()
    }
    Thread.detachNewThread { [self] in
      drain(stderr) { line in lock.withLock { errorLines.append(line) } }
    }
  }

  /// The process id.
  public var processIdentifier: Int32 { process.processIdentifier }

  /// Seconds since the launch.
  public var elapsed: Double {
    return launched.duration(to: .now).inSeconds
  }

  /// Standard error so far, line by line.
  public var standardError: [Line] { lock.withLock { errorLines } }

  /// Sends `signal` (SIGKILL unless told) to the process.
  public func kill(_ signal: Int32 = SIGKILL) {
    lock.withLock {
      // Only while it has not been reaped: its id may name another process afterwards.
      if exitStatus == nil { send(signal, to: processIdentifier) }
    }
  }

  /// SIGKILLs the process `seconds` from now unless it has ended, from a Dispatch timer: a
  /// watchdog that needs no thread of the test's own, so it fires even when every thread of the
  /// concurrency pool is blocked (cancel it with the returned item).
  @discardableResult
  public func kill(after seconds: Double) -> DispatchWorkItem {
    let item = DispatchWorkItem { [self] in kill() }
    DispatchQueue.global().asyncAfter(deadline: .now() + max(0, seconds), execute: item)
    return item
  }

  /// Asks the process to stop (SIGTERM) and waits for it; one that has not ended `seconds` later is
  /// SIGKILLed, so a test fails instead of hanging. Its exit status, or the signal that ended it.
  public func stop(within seconds: Double) async -> Int32 {
    terminate()
    let watchdog = kill(after: seconds)
    defer { watchdog.cancel() }
    return await waitForExit()
  }

  /// Asks the process to stop (SIGTERM).
  public func terminate() { kill(SIGTERM) }

  /// Waits for the process to end; its exit status, or the number of the signal that ended it.
  /// A waiting task that is cancelled (a test past its time limit) SIGKILLs the process instead
  /// of waiting on: a test that has given up must not leave a daemon running, nor hang the run.
  public func waitForExit() async -> Int32 {
    pollForExit()
    return await withTaskCancellationHandler {
      await withCheckedContinuation { waiter in
        let status: Int32? = lock.withLock {
          if exitStatus == nil { exitWaiters.append(waiter) }
          return exitStatus
        }
        if let status { waiter.resume(returning: status) }
      }
    } onCancel: {
      kill()
    }
  }

  /// Looks every 100 ms whether the process has ended, until it has: Foundation's own watch (a
  /// SIGCHLD source) was seen to miss a child's end while many processes came and went, leaving
  /// it a zombie and its waiters waiting. Reaped under the lock that `kill` takes, so no signal
  /// can reach another process that is later given the same id.
  private func pollForExit() {
    let status: Int32? = lock.withLock {
      guard exitStatus == nil else { return nil }
      var raw: Int32 = 0
      guard waitpid(processIdentifier, &raw, WNOHANG) == processIdentifier else { return nil }
      // WIFEXITED / WEXITSTATUS / WTERMSIG by hand: Glibc's macros are not imported.
      return raw & 0x7f == 0 ? (raw >> 8) & 0xff : raw & 0x7f
    }
    if let status {
      exited(status: status)
    } else if lock.withLock({ exitStatus == nil }) {
      DispatchQueue.global().asyncAfter(deadline: .now() + 0.1) { [self] in pollForExit() }
    }
  }

  private func exited(status: Int32) {
    let (waiters, stored) = lock.withLock {
      // The first word on how it ended stands (Foundation's, or `pollForExit`'s).
      if exitStatus == nil { exitStatus = status }
      defer { exitWaiters = [] }
      return (exitWaiters, exitStatus ?? status)
    }
    for waiter in waiters { waiter.resume(returning: stored) }
    // A pipe inherited by some other child would never report its end: stop waiting for it
    // once the process has been gone for a while.
    let continuation = continuation
    DispatchQueue.global().asyncAfter(deadline: .now() + 5) { continuation.finish() }
  }

  /// Reads `handle` to its end, handing over each line as it arrives.
  private func drain(_ handle: FileHandle, _ deliver: (Line) -> Void) {
    handle.forEachLine(
      { deliver(Line(text: $0, arrival: elapsed, isComplete: true)) },
      unterminated: { deliver(Line(text: $0, arrival: elapsed, isComplete: false)) })
  }
}

private func send(_ signal: Int32, to process: Int32) {
  #if canImport(Glibc)
    _ = Glibc.kill(process, signal)
  #elseif canImport(Darwin)
    _ = Darwin.kill(process, signal)
  #endif
}

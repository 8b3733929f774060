import Foundation

#if canImport(Glibc)
  import Glibc
#endif

extension Process {
  /// One launch at a time in this process (see `start`).
  private static let launching = NSLock()

  /// Starts the process as `run()` does, with two things put right that Foundation on Linux gets
  /// wrong when many threads start processes at once (a test run starts hundreds):
  ///
  /// - The child gets no signal blocked, so that SIGTERM reaches it. Foundation hands the calling
  ///   thread's signal mask to the child (swift-corelibs-foundation issue 4772), and Dispatch's
  ///   worker threads, where the daemon and tests run, block SIGTERM, SIGINT and most others.
  /// - The child inherits no descriptor of another launch. Foundation's pipes and the socket pair
  ///   by which it learns of a child's end are opened without close-on-exec, and it closes in the
  ///   child only the descriptors open when its own launch began: a child started meanwhile by
  ///   another thread kept the other's pipe (whose reader then saw no end of output until that
  ///   child, perhaps a daemon, ended) and its socket (whose `waitUntilExit` waited as long). So
  ///   launches take turns, and the pipes given here are marked close-on-exec first (the child's
  ///   own copies, made by `dup2`, are not).
  public func start() throws {
    #if canImport(Glibc)
      for pipe in [standardInput, standardOutput, standardError].compactMap({ $0 as? Pipe }) {
        for handle in [pipe.fileHandleForReading, pipe.fileHandleForWriting] {
          _ = fcntl(handle.fileDescriptor, F_SETFD, FD_CLOEXEC)
        }
      }
      Self.launching.lock()
      defer { Self.launching.unlock() }
      var none = sigset_t()
      sigemptyset(&none)
      var previous = sigset_t()
      pthread_sigmask(SIG_SETMASK, &none, &previous)
      defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
    #endif
    try run()
  }
}

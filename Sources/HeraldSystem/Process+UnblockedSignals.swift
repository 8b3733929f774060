import Foundation

#if canImport(Glibc)
  import Glibc
#endif

extension Process {
  /// Starts the process with no signal blocked, so that SIGTERM reaches it.
  ///
  /// On Linux, Foundation's `Process` hands the calling thread's signal mask to the child
  /// (swift-corelibs-foundation issue 4772), and Dispatch's worker threads, where the daemon and tests run,
  /// block SIGTERM, SIGINT and most others: a child started from there ignores `terminate()`.
  /// The mask is cleared for the moment of the launch and then restored.
  public func runWithSignalsUnblocked() throws {
    #if canImport(Glibc)
      var none = sigset_t()
      sigemptyset(&none)
      var previous = sigset_t()
      pthread_sigmask(SIG_SETMASK, &none, &previous)
      defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
    #endif
    try run()
  }
}

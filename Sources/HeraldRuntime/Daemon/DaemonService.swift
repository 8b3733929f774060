import ServiceLifecycle

/// The daemon as a `Service`: a ServiceGroup runs it and, on SIGTERM or SIGINT, cancels it
/// gracefully (the checkpoint is written on the way out).
public struct DaemonService: Service {
  public let daemon: ReminderDaemon

  public init(daemon: ReminderDaemon) {
    self.daemon = daemon
  }

  public func run() async throws {
    try await cancelWhenGracefulShutdown {
      try await daemon.run()
    }
  }
}

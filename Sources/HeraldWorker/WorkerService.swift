import ServiceLifecycle

/// The worker as a `Service`: on SIGTERM or SIGINT it claims nothing more, delivers and records
/// what it has claimed (each webhook within its timeout), and ends.
public struct WorkerService: Service {
  public let worker: DeliveryWorker

  public init(worker: DeliveryWorker) {
    self.worker = worker
  }

  public func run() async throws {
    try await withGracefulShutdownHandler {
      try await worker.run()
    } onGracefulShutdown: {
      worker.stop()
    }
  }
}

import ServiceLifecycle

/// The worker as a `Service`: on SIGTERM or SIGINT it stops claiming; what it claimed and did not
/// finish is taken over by another worker when the claim ends.
public struct WorkerService: Service {
  public let worker: DeliveryWorker

  public init(worker: DeliveryWorker) {
    self.worker = worker
  }

  public func run() async throws {
    try await cancelWhenGracefulShutdown {
      try await worker.run()
    }
  }
}

import Logging

/// Keeps a connection listening for as long as its caller runs: `listen` returns or throws when
/// its connection ends, and is called again after `pause`, once `afterLoss` has caught up on what
/// a notification may have said meanwhile (nothing, when `listen` itself stops trusting what it
/// heard). A lost database is logged once by its connections; any other failure is logged here.
public enum Relistening {
  public static func run(
    _ what: String, pause: Duration, logger: Logger, listen: @Sendable () async throws -> Void,
    afterLoss: @Sendable () async -> Void = {}
  ) async {
    while !Task.isCancelled {
      do {
        try await listen()
      } catch  where !Task.isCancelled {
        if !(error is DatabaseUnavailable) {
          logger.warning(
            "listening for \(what) failed; again in \(pause)",
            metadata: ["error": "\(PostgresProblem.describe(error))"])
        }
      } catch {
        return
      }
      guard !Task.isCancelled else { return }
      await afterLoss()
      try? await Task.sleep(for: pause)
    }
  }
}

import Foundation

/// The one step from a due reminder to its effects, for every runner: the log is read, the core
/// decides (`DeliveryDecision`), and the runner's ports carry the decision out.
public enum DeliveryExecutor {
  /// Carries `due` out through `ports` under `policy`.
  public static func carryOut<Ports: DeliveryPorts>(
    _ due: DueReminder, policy: DeliveryPolicy, through ports: Ports
  ) async throws -> Ports.Outcome {
    let log = try await ports.log(for: due)
    switch DeliveryDecision.decide(due, log: log, now: ports.now(), policy: policy) {
    case .skip(let reason): return try await ports.skip(due, reason)
    case .recordSilently(let effects): return try await ports.recordSilently(due, effects: effects)
    case .recordMissed(let key): return try await ports.recordMissed(due, key: key)
    case .show(let delivery): return try await ports.show(delivery)
    }
  }
}

import Foundation

/// What came of sending one reminder to one subscription, once the sender stopped trying.
public enum PushOutcome: Sendable, Hashable {
  /// A 2xx, after `attempts` POSTs (1 when the first was accepted).
  case delivered(attempts: Int)
  /// 404 or 410: the subscription was removed from the store.
  case removed(status: Int)
  /// 413: Herald sent a body the service would not take; a defect, not tried again.
  case defect(status: Int)
  /// Another 4xx (400, 401, 403 …): the request itself is wrong; not tried again.
  case refused(status: Int)
  /// 429, 5xx, a refused connection or no answer until the TTL ran out; `problem` is the last one.
  case expired(attempts: Int, problem: String)
  /// The message could not be made (an encryption or signing failure), or the send was cancelled.
  case failed(problem: String)
}

extension PushOutcome {
  /// Every kind, as the worker's metric labels it.
  public static let labels = ["delivered", "removed", "defect", "refused", "expired", "failed"]

  /// This one's label.
  public var label: String {
    switch self {
    case .delivered: "delivered"
    case .removed: "removed"
    case .defect: "defect"
    case .refused: "refused"
    case .expired: "expired"
    case .failed: "failed"
    }
  }

  /// What went wrong, in a few words; nil for a delivery, and for a subscription gone (the
  /// device unsubscribed: nothing for an operator to do).
  public var problem: String? {
    switch self {
    case .delivered, .removed: nil
    case .defect(let status): "refused as too large (\(status))"
    case .refused(let status): "refused (\(status))"
    case .expired(let attempts, let problem): "not taken within its TTL after \(attempts) tries: \(problem)"
    case .failed(let problem): problem
    }
  }

  /// The line a delivery's record keeps when some of its devices did not get it: how many of
  /// how many, and each distinct problem once; nil when none failed.
  public static func summary(_ outcomes: [String: PushOutcome]) -> String? {
    let problems = outcomes.values.compactMap(\.problem)
    guard !problems.isEmpty else { return nil }
    let distinct = Array(Set(problems)).sorted()
    return "push: \(problems.count) of \(outcomes.count) devices not reached: "
      + distinct.joined(separator: "; ")
  }
}

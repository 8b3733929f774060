import Foundation
import HeraldCore

/// What a worker did with a claimed delivery, as it is recorded.
public enum DeliveryOutcome: Sendable, Hashable {
  /// Shown (its webhook answered 2xx, or the user has none), with what showing it changes and
  /// what it said (`record`: the webhook body, which the user's delivery stream carries).
  case delivered(at: Date, late: Bool, effects: [DeliveryEffect], record: String)
  /// Its time had passed too long ago.
  case missed
  /// Nothing to send: an earlier delivery said the same.
  case skipped
  /// The user switched its kind off; what it changes still counts.
  case silenced(effects: [DeliveryEffect])
  /// The webhook failed; try again at `at`.
  case retry(at: Date, error: String)
  /// The webhook failed on the last try.
  case failed(error: String)
  /// The user's data changed while it was overdue and their plan no longer has it.
  case withdrawn

  var status: String {
    switch self {
    case .delivered: "delivered"
    case .missed: "missed"
    case .skipped: "skipped"
    case .silenced: "silenced"
    case .retry: "pending"
    case .failed: "failed"
    case .withdrawn: "withdrawn"
    }
  }

  public var effects: [DeliveryEffect] {
    switch self {
    case .delivered(_, _, let effects, _), .silenced(let effects): effects
    default: []
    }
  }
}

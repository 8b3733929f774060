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

import Crypto
import Foundation
import HeraldCore

/// The RFC 8030 headers of one push message: how long the push service keeps it for a device
/// that is off (`TTL`), how urgently it wakes one (`Urgency`), and which earlier message of the
/// same reminder it replaces (`Topic`).
public struct PushHeaders: Sendable, Hashable {
  /// Seconds the push service keeps the message for an unreachable device.
  public var ttl: Int
  public var urgency: Urgency
  /// At most 32 characters of the base64url alphabet (RFC 8030 §5.4).
  public var topic: String

  /// RFC 8030 §5.3's levels.
  public enum Urgency: String, Sendable, Hashable {
    case veryLow = "very-low"
    case low
    case normal
    case high

    /// passive → low, active → normal, timeSensitive and critical → high.
    public init(_ level: InterruptionLevel) {
      switch level {
      case .passive: self = .low
      case .active: self = .normal
      case .timeSensitive, .critical: self = .high
      }
    }
  }

  /// The shortest and longest TTL sent. At least a minute, so a phone between two cells still gets
  /// it; at most the 12 hours after which Herald records a reminder missed.
  public static let ttlRange = 60...43_200

  /// The headers for a reminder of `requestID` firing at `fireDate` at `level`, sent at `now`.
  public init(
    requestID: String, fireDate: Date, level: InterruptionLevel, now: Date,
    policy: DeliveryPolicy = DeliveryPolicy()
  ) {
    ttl = Self.ttl(fireDate: fireDate, now: now, policy: policy)
    urgency = Urgency(level)
    topic = Self.topic(requestID: requestID)
  }

  /// The seconds until the reminder is no longer worth showing: Herald shows one up to the policy's
  /// grace window after its time (and records it missed later), so a device that comes back
  /// within it still gets it. Clamped to `ttlRange`.
  public static func ttl(fireDate: Date, now: Date, policy: DeliveryPolicy) -> Int {
    let left = fireDate.addingTimeInterval(policy.graceWindow).timeIntervalSince(now)
    let seconds = left.isFinite ? Int(max(-1e9, min(1e9, left)).rounded(.down)) : ttlRange.lowerBound
    return min(max(seconds, ttlRange.lowerBound), ttlRange.upperBound)
  }

  /// The same 32 characters for every send of `requestID`: base64url of its SHA-256's first 24
  /// bytes. A hash, since request ids hold characters a topic may not, and say what a push service
  /// need not know.
  public static func topic(requestID: String) -> String {
    Base64URL.encode(SHA256.hash(data: Data(requestID.utf8)).prefix(24))
  }

  /// Name and value of each header, with the content coding of the encrypted body.
  public var fields: [(name: String, value: String)] {
    [
      ("TTL", String(ttl)), ("Urgency", urgency.rawValue), ("Topic", topic),
      ("Content-Encoding", "aes128gcm"), ("Content-Type", "application/octet-stream"),
    ]
  }
}

import Foundation

/// Anything that knows a zone's offset from UTC at every instant: an IANA zone (through
/// `WallClockResolver`), a zone an iCalendar file defines itself (`ObservanceTimeZone`), or a
/// fixed offset. Herald's gap and overlap rule is written once, here, for all of them.
public protocol ZoneOffsets: Sendable {
  /// The offset from UTC, in seconds, in force at an instant given as seconds since 1970.
  func offset(atEpochSeconds seconds: Double) -> Int
}

extension ZoneOffsets {
  /// Seconds since 1970 at which the wall clock reads `localSeconds` (a `LocalDateTime`'s).
  ///
  /// A reading that does not exist (skipped by a change to summer time) keeps the offset in force
  /// before the change; one that exists twice is the earlier instant (`contracts/plan.md`,
  /// RFC 5545 §3.3.5).
  public func resolvedEpochSeconds(localSeconds: Int) -> Double {
    let local = Double(localSeconds)
    // The offsets in force a day before and a day after bracket every change near this reading.
    let before = offset(atEpochSeconds: local - 86_400)
    let after = offset(atEpochSeconds: local + 86_400)
    let first = local - Double(before)
    if offset(atEpochSeconds: first) == before {
      if after != before {
        let second = local - Double(after)
        if offset(atEpochSeconds: second) == after { return min(first, second) }
      }
      return first
    }
    let second = local - Double(after)
    if offset(atEpochSeconds: second) == after { return second }
    return first  // skipped reading: keep the offset in force before the change
  }

  /// The instant at which the wall clock reads `local`.
  public func instant(at local: LocalDateTime) -> Date {
    Date(timeIntervalSince1970: resolvedEpochSeconds(localSeconds: local.localSeconds))
  }

  /// The wall-clock reading at an instant (whole seconds, rounded down).
  public func localDateTime(at date: Date) -> LocalDateTime {
    let utc = date.timeIntervalSince1970
    return LocalDateTime(localSeconds: Int((utc + Double(offset(atEpochSeconds: utc))).rounded(.down)))
  }
}

/// A zone whose offset never changes: UTC for `…Z` times, or an observance's `TZOFFSETFROM`.
public struct FixedOffsetZone: ZoneOffsets, Hashable {
  public let seconds: Int

  public init(seconds: Int) { self.seconds = seconds }

  /// UTC.
  public static let utc = FixedOffsetZone(seconds: 0)

  public func offset(atEpochSeconds seconds: Double) -> Int { self.seconds }
}

extension WallClockResolver: ZoneOffsets {}

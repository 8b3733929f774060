import Foundation

/// A recurrence set (RFC 5545 §3.8.5): a first reading, an optional rule, extra dates and
/// excluded ones, in one zone.
public struct RecurrenceSeries: Sendable {
  /// `DTSTART` as a wall-clock reading in `zone`; always the first instance.
  public var start: LocalDateTime
  /// The zone readings are resolved in (Herald's gap and overlap rule).
  public var zone: any ZoneOffsets
  public var rule: RecurrenceRule?
  /// `RDATE`s, as instants (they may be written in another zone than `DTSTART`).
  public var extraDates: [Date]
  /// `EXDATE`s, as instants: an instance resolving to one of them is left out.
  public var excludedDates: [Date]

  public init(
    start: LocalDateTime, zone: any ZoneOffsets, rule: RecurrenceRule? = nil, extraDates: [Date] = [],
    excludedDates: [Date] = []
  ) {
    self.start = start
    self.zone = zone
    self.rule = rule
    self.extraDates = extraDates
    self.excludedDates = excludedDates
  }
}

/// One instance of a series: the wall-clock reading it was generated as and the instant it is.
public struct RecurrenceInstance: Hashable, Sendable, Comparable {
  /// The reading in the series' zone (for an `RDATE`, the zone's reading at its instant).
  public var local: LocalDateTime
  public var start: Date

  public init(local: LocalDateTime, start: Date) {
    self.local = local
    self.start = start
  }

  public static func < (lhs: RecurrenceInstance, rhs: RecurrenceInstance) -> Bool {
    lhs.start < rhs.start
  }
}

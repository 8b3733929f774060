import Foundation

/// A time zone an iCalendar file defines itself (`VTIMEZONE`, RFC 5545 §3.6.5): its `STANDARD`
/// and `DAYLIGHT` observances, each starting at `DTSTART` and recurring by `RRULE` and `RDATE`s.
/// Outlook and Exchange write zones this way, under ids that are not IANA names.
public struct ObservanceTimeZone: ZoneOffsets {
  /// One observance: from each of its onsets, the offset is `offsetTo`.
  public struct Observance: Sendable {
    /// `DTSTART`, a reading on the clock in force before the onset (`TZOFFSETFROM`).
    public var start: LocalDateTime
    public var offsetFrom: Int
    public var offsetTo: Int
    public var rule: RecurrenceRule?
    /// `RDATE`s, readings on the same clock as `start`.
    public var extraStarts: [LocalDateTime]

    public init(
      start: LocalDateTime, offsetFrom: Int, offsetTo: Int, rule: RecurrenceRule? = nil,
      extraStarts: [LocalDateTime] = []
    ) {
      self.start = start
      self.offsetFrom = offsetFrom
      self.offsetTo = offsetTo
      self.rule = rule
      self.extraStarts = extraStarts
    }
  }

  public let identifier: String
  public let observances: [Observance]

  /// Onsets inside `span`, ascending, with the offset from each; `offsetBefore` before the first.
  private let onsets: [(seconds: Double, offset: Int)]
  private let offsetBefore: Int
  private let span: ClosedRange<Double>?

  /// A zone that works its offsets out from the observances on every call.
  public init(identifier: String, observances: [Observance]) {
    self.identifier = identifier
    self.observances = observances
    onsets = []
    offsetBefore = 0
    span = nil
  }

  /// A zone with its onsets inside `window` (two days of slack each side) worked out once: each
  /// call otherwise expands every observance's rule.
  public init(identifier: String, observances: [Observance], window: DateInterval) {
    let slow = ObservanceTimeZone(identifier: identifier, observances: observances)
    let low = window.start.timeIntervalSince1970 - 2 * 86_400
    let high = window.end.timeIntervalSince1970 + 2 * 86_400
    var onsets: [(seconds: Double, offset: Int)] = []
    for observance in observances {
      let zone = Zone(identifier: "", fixedOffset: observance.offsetFrom)
      let series = RecurrenceSeries(
        start: observance.start, zone: zone, rule: observance.rule,
        extraDates: observance.extraStarts.map(zone.instant(at:)))
      let range = Date(timeIntervalSince1970: low)...Date(timeIntervalSince1970: high)
      for instance in RecurrenceExpander.instances(of: series, in: range) {
        onsets.append((instance.start.timeIntervalSince1970, observance.offsetTo))
      }
    }
    self.identifier = identifier
    self.observances = observances
    // Two observances starting at one instant: the slow rule keeps the first listed, so it goes last.
    self.onsets = onsets.enumerated().sorted {
      ($0.element.seconds, -$0.offset) < ($1.element.seconds, -$1.offset)
    }
    .map(\.element)
    offsetBefore = slow.slowOffset(atEpochSeconds: low - 1)
    span = low...high
  }

  /// The offset of the observance with the latest onset at or before the instant; before every
  /// onset, the earliest observance's `TZOFFSETFROM`.
  public func offset(at instant: Int64) -> Int {
    let seconds = Double(instant)
    guard let span, span.contains(seconds) else { return slowOffset(atEpochSeconds: seconds) }
    var offset = offsetBefore
    for onset in onsets {
      guard onset.seconds <= seconds else { break }
      offset = onset.offset
    }
    return offset
  }

  public func offset(at low: Int64, changesThrough high: Int64, _ body: (ZoneTransition) -> Void) -> Int {
    let offset = offset(at: low)
    guard low < high else { return offset }
    var instants: [Int64]
    if let span, span.contains(Double(low)), span.contains(Double(high)) {
      instants = onsets.map { Int64($0.seconds) }.filter { $0 > low && $0 <= high }
    } else {
      let range = Date(timeIntervalSince1970: Double(low + 1))...Date(timeIntervalSince1970: Double(high))
      instants = observances.flatMap { observance in
        let zone = Zone(identifier: "", fixedOffset: observance.offsetFrom)
        let series = RecurrenceSeries(
          start: observance.start, zone: zone, rule: observance.rule,
          extraDates: observance.extraStarts.map(zone.instant(at:)))
        return RecurrenceExpander.instances(of: series, in: range).map {
          Int64($0.start.timeIntervalSince1970)
        }
      }
      instants.sort()
    }
    // Two onsets at one instant: the offset this zone keeps there is the one that counts.
    var previous = offset
    for instant in instants {
      let now = self.offset(at: instant)
      if now != previous { body(ZoneTransition(instant: instant, before: previous, after: now)) }
      previous = now
    }
    return offset
  }

  private func slowOffset(atEpochSeconds seconds: Double) -> Int {
    var latest: (onset: Double, offset: Int)?
    var earliest: (onset: Double, offset: Int)?
    // Observances recur at most yearly: an onset within the last ~400 days decides, if any does.
    let window = Date(timeIntervalSince1970: seconds - 400 * 86_400)...Date(timeIntervalSince1970: seconds)
    for observance in observances {
      let zone = Zone(identifier: "", fixedOffset: observance.offsetFrom)
      let first = zone.resolvedEpochSeconds(localSeconds: observance.start.localSeconds)
      if earliest.map({ first < $0.onset }) ?? true { earliest = (first, observance.offsetFrom) }
      var onsets: [Double] = []
      if first <= seconds {
        let series = RecurrenceSeries(
          start: observance.start, zone: zone, rule: observance.rule,
          extraDates: observance.extraStarts.map(zone.instant(at:)))
        onsets = RecurrenceExpander.instances(of: series, in: window).map(\.start.timeIntervalSince1970)
        if onsets.isEmpty {
          onsets =
            [first]
            + observance.extraStarts.map { zone.resolvedEpochSeconds(localSeconds: $0.localSeconds) }.filter {
              $0 <= seconds
            }
        }
      }
      if let onset = onsets.max(), latest.map({ onset > $0.onset }) ?? true {
        latest = (onset, observance.offsetTo)
      }
    }
    return latest?.offset ?? earliest?.offset ?? 0
  }
}

import Foundation

/// Expands a recurrence set into its instances inside a window (RFC 5545 §3.8.5,
/// `contracts/calendar.md`): `DTSTART`, the rule's readings and the `RDATE`s, less the `EXDATE`s,
/// generated as wall-clock readings in the series' zone and resolved by Herald's gap and overlap
/// rule; instances resolving to one instant are one.
///
/// The work is bounded by the window, not by the series' age: a rule without `COUNT` starts at the
/// period that reaches the window; one with `COUNT` counts its readings from `DTSTART` period by
/// period on day numbers, without making a `Date`, and resolves only those near the window.
public enum RecurrenceExpander {
  /// Wall-clock readings lie at most this far from the instant they resolve to (UTC−12 … UTC+14,
  /// with room for the odd historical offset).
  static let slack = 36 * 3600

  /// The instances whose start lies inside `window` (both ends included), by instant.
  public static func instances(of series: RecurrenceSeries, in window: ClosedRange<Date>)
    -> [RecurrenceInstance]
  {
    let excluded = Set(series.excludedDates.map(\.timeIntervalSince1970))
    var found: [Double: LocalDateTime] = [:]
    func add(_ local: LocalDateTime, _ seconds: Double) {
      guard seconds >= window.lowerBound.timeIntervalSince1970,
        seconds <= window.upperBound.timeIntervalSince1970,
        !excluded.contains(seconds), found[seconds] == nil
      else { return }
      found[seconds] = local
    }
    add(series.start, series.zone.resolvedEpochSeconds(localSeconds: series.start.localSeconds))
    if let rule = series.rule {
      expand(rule, series, window: window, add)
    }
    for date in series.extraDates {
      add(series.zone.localDateTime(at: date), date.timeIntervalSince1970)
    }
    return found.map { RecurrenceInstance(local: $0.value, start: Date(timeIntervalSince1970: $0.key)) }
      .sorted()
  }

  private static func expand(
    _ rule: RecurrenceRule, _ series: RecurrenceSeries, window: ClosedRange<Date>,
    _ add: (LocalDateTime, Double) -> Void
  ) {
    let low = Int(window.lowerBound.timeIntervalSince1970.rounded(.down)) - slack
    let high = Int(window.upperBound.timeIntervalSince1970.rounded(.up)) + slack
    // Past the rule's end nothing more can come, whatever the window.
    var last = high
    switch rule.until {
    case .local(let until)?: last = min(last, until.localSeconds)
    case .instant(let until)?: last = min(last, Int(until.timeIntervalSince1970.rounded(.up)) + slack)
    case nil: break
    }
    let periods = RecurrencePeriods(rule: rule, start: series.start)
    let startSeconds = series.start.localSeconds
    var produced = 1  // DTSTART counts as the first instance
    var period = rule.count == nil ? periods.firstPeriod(reaching: Self.floorDiv(low, 86_400)) : 0
    var readings: [LocalDateTime] = []
    // With COUNT, the periods before the window are counted, not generated, a whole cycle of
    // periods at a time where cycles yield alike (the first period may hold readings before
    // DTSTART: it is generated).
    let skipTo = periods.firstPeriod(reaching: Self.floorDiv(low, 86_400))
    while periods.days(ofPeriod: period).lowerBound * 86_400 <= last {
      if let count = rule.count, let cycle = periods.cycle, period >= 1, period + cycle.periods <= skipTo {
        let cycles = (skipTo - period) / cycle.periods
        produced += cycles * cycle.readings
        if produced >= count { return }
        period += cycles * cycle.periods
        continue
      }
      periods.readings(ofPeriod: period, into: &readings)
      for reading in readings where reading.localSeconds > startSeconds {
        if let count = rule.count {
          guard produced < count else { return }
          produced += 1
        }
        let seconds = reading.localSeconds
        guard seconds <= last else { return }
        guard seconds >= low else { continue }
        let instant = series.zone.resolvedEpochSeconds(localSeconds: seconds)
        if case .instant(let until)? = rule.until, instant > until.timeIntervalSince1970 { continue }
        add(reading, instant)
      }
      period += 1
    }
  }

  static func floorDiv(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : -((-a + b - 1) / b) }
}

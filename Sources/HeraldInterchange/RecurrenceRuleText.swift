import Foundation
import HeraldCore

/// Reads and writes an `RRULE` value (RFC 5545 §3.3.10) with the parts `contracts/calendar.md`
/// supports; `HOURLY`, `MINUTELY`, `SECONDLY`, `BYSECOND` and parts Herald does not know are refused.
enum RecurrenceRuleText {
  /// The rule; the problem's line is 0, for the caller to fill in.
  static func parse(_ text: String) throws(ICalendarProblem) -> RecurrenceRule {
    func fail(_ problem: String) -> ICalendarProblem { ICalendarProblem(line: 0, problem) }
    var parts: [String: String] = [:]
    for part in text.split(separator: ";", omittingEmptySubsequences: false) {
      let pair = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      guard pair.count == 2, !pair[0].isEmpty else { throw fail("not NAME=VALUE: \"\(part)\"") }
      let name = pair[0].uppercased()
      guard parts[name] == nil else { throw fail("\(name) appears twice") }
      parts[name] = pair[1].uppercased()
    }
    guard let frequencyText = parts.removeValue(forKey: "FREQ") else { throw fail("no FREQ") }
    guard let frequency = RecurrenceRule.Frequency(rawValue: frequencyText) else {
      if ["HOURLY", "MINUTELY", "SECONDLY"].contains(frequencyText) {
        throw fail("FREQ=\(frequencyText) is refused: Herald expands DAILY, WEEKLY, MONTHLY and YEARLY rules")
      }
      throw fail("unknown FREQ=\(frequencyText)")
    }
    var rule = RecurrenceRule(frequency: frequency)
    for (name, value) in parts.sorted(by: { $0.key < $1.key }) {
      func numbers(_ range: ClosedRange<Int>, zero: Bool = false) throws(ICalendarProblem) -> [Int] {
        var result: [Int] = []
        for item in value.split(separator: ",", omittingEmptySubsequences: false) {
          guard let number = Int(item), range.contains(number), zero || number != 0 else {
            throw fail("\(name)=\(value): \"\(item)\" is not in \(range.lowerBound)…\(range.upperBound)")
          }
          result.append(number)
        }
        return result
      }
      if ["INTERVAL", "COUNT", "UNTIL", "WKST"].contains(name), value.contains(",") {
        throw fail("\(name)=\(value): one value only")
      }
      switch name {
      case "INTERVAL": rule.interval = try numbers(1...1_000_000)[0]
      case "COUNT": rule.count = try numbers(1...Int(Int32.max))[0]
      case "UNTIL": rule.until = try until(value, fail)
      case "BYMONTH": rule.byMonth = try numbers(1...12)
      case "BYWEEKNO": rule.byWeekNo = try numbers(-53...53)
      case "BYYEARDAY": rule.byYearDay = try numbers(-366...366)
      case "BYMONTHDAY": rule.byMonthDay = try numbers(-31...31)
      case "BYHOUR": rule.byHour = try numbers(0...23, zero: true)
      case "BYMINUTE": rule.byMinute = try numbers(0...59, zero: true)
      case "BYSETPOS": rule.bySetPos = try numbers(-366...366)
      case "BYDAY": rule.byDay = try weekdays(value, fail)
      case "WKST":
        guard let weekday = Weekday(iCalendarName: value) else {
          throw fail("WKST=\(value) is not a weekday")
        }
        rule.weekStart = weekday
      case "BYSECOND": throw fail("BYSECOND is refused: Herald's reminders are to the minute")
      default: throw fail("unsupported rule part \(name)")
      }
    }
    return rule
  }

  private static func until(_ value: String, _ fail: (String) -> ICalendarProblem) throws(ICalendarProblem)
    -> RecurrenceRule.Until
  {
    guard let reading = ICalendarTime.parse(value) else {
      throw fail("UNTIL=\(value) is not a date or date-time")
    }
    if reading.isUTC { return .instant(Zone.utc.instant(at: reading.local)) }
    if reading.isDate {
      // A date bounds the whole day, as Thunderbird and Google Calendar read it.
      return .local(LocalDateTime(localSeconds: reading.local.localSeconds + 86_399))
    }
    return .local(reading.local)
  }

  private static func weekdays(_ value: String, _ fail: (String) -> ICalendarProblem) throws(ICalendarProblem)
    -> [RecurrenceRule.WeekdayNumber]
  {
    var result: [RecurrenceRule.WeekdayNumber] = []
    for item in value.split(separator: ",", omittingEmptySubsequences: false) {
      guard item.count >= 2, let weekday = Weekday(iCalendarName: String(item.suffix(2))) else {
        throw fail("BYDAY: \"\(item)\" is not a weekday such as MO, 2MO or -1FR")
      }
      let prefix = item.dropLast(2)
      var ordinal: Int?
      if !prefix.isEmpty {
        guard let number = Int(prefix), (1...53).contains(abs(number)), prefix.count <= 3 else {
          throw fail("BYDAY: \"\(item)\" has an ordinal outside ±1…53")
        }
        ordinal = number
      }
      result.append(.init(weekday, ordinal: ordinal))
    }
    return result
  }
}

import HeraldCore

/// A POSIX TZ string (POSIX.1 §8.3, with RFC 8536 §3.3.1's extensions): what the footer of a TZif
/// file and the `TZ` variable say, such as `CET-1CEST,M3.5.0,M10.5.0/3` or `<+0330>-3:30`.
///
/// Read strictly: a string that sets summer time must say when it starts and ends (glibc would
/// take the US rules of 2007 for `EST5EDT`, which is right only by luck), names are three or more
/// letters or `<…>`-quoted, and every number is in its range.
public enum PosixTimeZoneText {
  /// The rule a TZ string sets. `extended`: rule times may be negative or up to 167 hours (TZif
  /// version 3 and later, and the `TZ` variable).
  public static func parse(_ text: String, extended: Bool = true) throws(FieldError) -> ZoneRule {
    var scanner = Scanner(bytes: Array(text.utf8), text: text, extended: extended)
    return try scanner.rule()
  }

  private struct Scanner {
    let bytes: [UInt8]
    let text: String
    let extended: Bool
    var position = 0

    init(bytes: [UInt8], text: String, extended: Bool) {
      self.bytes = bytes
      self.text = text
      self.extended = extended
    }

    func fail(_ problem: String) -> FieldError {
      FieldError("", "not a POSIX TZ string: \"\(text)\": \(problem)")
    }

    var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    mutating func rule() throws(FieldError) -> ZoneRule {
      try name("the standard time's name")
      let standard = try -offset("the standard offset")
      guard current != nil else { return ZoneRule(standardOffset: standard) }
      try name("the summer time's name")
      var summer = standard + 3600
      if let byte = current, byte != UInt8(ascii: ",") { summer = try -offset("the summer time's offset") }
      guard current == UInt8(ascii: ",") else {
        throw fail("summer time without the rules for when it starts and ends (\",start,end\")")
      }
      position += 1
      let start = try moment("the start of summer time")
      guard current == UInt8(ascii: ",") else { throw fail("expected \",\" and the end of summer time") }
      position += 1
      let end = try moment("the end of summer time")
      guard current == nil else { throw fail("unexpected \"\(rest)\" after the end of summer time") }
      return ZoneRule(standardOffset: standard, daylight: .init(offset: summer, start: start, end: end))
    }

    var rest: String { String(decoding: bytes[position...], as: UTF8.self) }

    mutating func name(_ what: String) throws(FieldError) {
      if current == UInt8(ascii: "<") {
        position += 1
        let start = position
        while let byte = current, byte != UInt8(ascii: ">") {
          guard
            Self.isLetter(byte) || Self.isDigit(byte) || byte == UInt8(ascii: "+")
              || byte == UInt8(ascii: "-")
          else { throw fail("\(what) may hold letters, digits, + and - only") }
          position += 1
        }
        guard current == UInt8(ascii: ">") else { throw fail("\(what) has no closing \">\"") }
        guard position - start >= 3 else { throw fail("\(what) needs at least three characters") }
        position += 1
        return
      }
      let start = position
      while let byte = current, Self.isLetter(byte) { position += 1 }
      guard position - start >= 3 else { throw fail("\(what) needs at least three letters") }
    }

    /// `[+-]hh[:mm[:ss]]`, hours 0–24, west of UTC positive; in seconds.
    mutating func offset(_ what: String) throws(FieldError) -> Int {
      var sign = 1
      if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") {
        sign = current == UInt8(ascii: "-") ? -1 : 1
        position += 1
      }
      return sign * (try clock(what, maximumHours: 24))
    }

    /// `date[/time]`.
    mutating func moment(_ what: String) throws(FieldError) -> ZoneRule.Moment {
      let day = try self.day(what)
      guard current == UInt8(ascii: "/") else { return ZoneRule.Moment(day: day) }
      position += 1
      var sign = 1
      if extended, current == UInt8(ascii: "+") || current == UInt8(ascii: "-") {
        sign = current == UInt8(ascii: "-") ? -1 : 1
        position += 1
      }
      return ZoneRule.Moment(
        day: day, secondOfDay: sign * (try clock(what, maximumHours: extended ? 167 : 24)))
    }

    mutating func day(_ what: String) throws(FieldError) -> ZoneRule.Day {
      switch current {
      case UInt8(ascii: "M"):
        position += 1
        let month = try number(what, digits: 1...2, range: 1...12, "month")
        try expect(".", what)
        let week = try number(what, digits: 1...1, range: 1...5, "week")
        try expect(".", what)
        let weekday = try number(what, digits: 1...1, range: 0...6, "weekday")
        return .weekday(month: month, week: week, weekday: weekday)
      case UInt8(ascii: "J"):
        position += 1
        return .julian(try number(what, digits: 1...3, range: 1...365, "day"))
      default:
        return .ordinal(try number(what, digits: 1...3, range: 0...365, "day"))
      }
    }

    mutating func expect(_ character: Character, _ what: String) throws(FieldError) {
      guard let ascii = character.asciiValue, current == ascii else {
        throw fail("\(what): expected \"\(character)\"")
      }
      position += 1
    }

    /// `hh[:mm[:ss]]` in seconds.
    mutating func clock(_ what: String, maximumHours: Int) throws(FieldError) -> Int {
      let hours = try number(what, digits: 1...3, range: 0...maximumHours, "hours")
      var seconds = hours * 3600
      if current == UInt8(ascii: ":") {
        position += 1
        seconds += try number(what, digits: 2...2, range: 0...59, "minutes") * 60
        if current == UInt8(ascii: ":") {
          position += 1
          seconds += try number(what, digits: 2...2, range: 0...59, "seconds")
        }
      }
      return seconds
    }

    mutating func number(_ what: String, digits: ClosedRange<Int>, range: ClosedRange<Int>, _ unit: String)
      throws(FieldError) -> Int
    {
      let start = position
      var value = 0
      while let byte = current, Self.isDigit(byte), position - start < digits.upperBound {
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
        position += 1
      }
      guard position - start >= digits.lowerBound else { throw fail("\(what): expected the \(unit)") }
      guard range.contains(value) else {
        throw fail("\(what): \(unit) \(value) is outside \(range.lowerBound)–\(range.upperBound)")
      }
      return value
    }

    static func isLetter(_ byte: UInt8) -> Bool {
      (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
        || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
  }
}

/// A time of day on a wall clock (`HH:MM`, 24-hour), without a day or a time zone.
public struct WallClockTime: Hashable, Sendable, Comparable, CustomStringConvertible {
  public let hour: Int
  public let minute: Int

  /// Creates a time; `nil` unless hour is 0–23 and minute 0–59.
  public init?(hour: Int, minute: Int) {
    guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
    self.hour = hour
    self.minute = minute
  }

  /// A time written as a literal in this module's code (a default, a template); traps on an
  /// invalid one. Input goes through `init?(hour:minute:)` or `parse(_:field:)`.
  init(_ hour: Int, _ minute: Int) {
    precondition((0...23).contains(hour) && (0...59).contains(minute), "invalid wall-clock literal")
    self.hour = hour
    self.minute = minute
  }

  /// 00:00.
  public static let midnight = WallClockTime(0, 0)

  /// What a time looks like, for messages: the one wording of the HH:MM rule.
  public static let expected = "a time HH:MM (24-hour)"

  /// Parses `HH:MM` typed by a user; the error names `field` and says what was expected.
  public static func parse(_ text: String, field: String) throws(FieldError) -> WallClockTime {
    guard let time = WallClockTime(text) else {
      throw FieldError(field, "expected \(expected), got \"\(text)\"")
    }
    return time
  }

  /// Parses exactly `HH:MM` (two digits each); `nil` for anything else.
  public init?(_ text: String) {
    let bytes = Array(text.utf8)
    guard bytes.count == 5, bytes[2] == UInt8(ascii: ":"),
      let h = Self.twoDigits(bytes[0], bytes[1]), let m = Self.twoDigits(bytes[3], bytes[4])
    else { return nil }
    self.init(hour: h, minute: m)
  }

  /// Minutes since midnight.
  public var minuteOfDay: Int { hour * 60 + minute }

  /// The time `minuteOfDay` minutes after midnight; `nil` outside one day.
  public init?(minuteOfDay: Int) {
    guard (0..<1440).contains(minuteOfDay) else { return nil }
    self.init(hour: minuteOfDay / 60, minute: minuteOfDay % 60)
  }

  public static func < (lhs: WallClockTime, rhs: WallClockTime) -> Bool { lhs.minuteOfDay < rhs.minuteOfDay }

  /// `HH:MM`.
  public var description: String { "\(CivilDate.pad(hour, 2)):\(CivilDate.pad(minute, 2))" }

  private static func twoDigits(_ a: UInt8, _ b: UInt8) -> Int? {
    let zero = UInt8(ascii: "0")
    guard (zero...zero + 9).contains(a), (zero...zero + 9).contains(b) else { return nil }
    return Int(a - zero) * 10 + Int(b - zero)
  }
}

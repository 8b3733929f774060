/// A time zone as Herald reads it: its offset from UTC before its first change, every change since,
/// and the rule that goes on after the last one (RFC 8536). It is built from the system's tz database
/// (the files the OS keeps current), a POSIX TZ string, or on Apple platforms the OS's own
/// `TimeZone`; the rules that use it do not know which.
public struct Zone: ZoneOffsets, Hashable, CustomStringConvertible {
  /// The name it was found by: an IANA identifier (`Europe/Berlin`), or a POSIX TZ string.
  public let identifier: String
  /// Where the offset changes, ascending; with the rule's changes written out up to `horizon`.
  private let instants: [Int64]
  /// `offsets[i]` is in force before `instants[i]`, `offsets[i + 1]` from it on.
  private let offsets: [Int32]
  /// Takes over after the last change the source lists (its own instants are in the table up to
  /// `horizon`, and worked out year by year past it).
  private let rule: ZoneRule?
  private let ruleFrom: Int64
  private let tableStart: Int64
  private let horizon: Int64

  /// The table holds the rule's changes up to the start of this year (UTC); later instants are
  /// worked out from the rule when asked. Every instant a plan reaches is in the table.
  static let tableEndYear = 2100
  /// A rule that governs a zone from its beginning is written out from this year on.
  static let tableStartYear = 1800

  /// A zone from its offset before any change, its changes (instants in seconds since 1970,
  /// strictly ascending, each with the offset from then on) and the rule after the last change.
  public init(
    identifier: String, initialOffset: Int, changes: [(instant: Int64, offset: Int)], rule: ZoneRule? = nil
  ) {
    var instants: [Int64] = []
    var offsets = [Int32(clamping: initialOffset)]
    func append(_ instant: Int64, _ offset: Int) {
      let offset = Int32(clamping: offset)
      guard offset != offsets[offsets.count - 1] else { return }
      instants.append(instant)
      offsets.append(offset)
    }
    for change in changes { append(change.instant, change.offset) }
    let horizon = Self.january1(Self.tableEndYear)
    var ruleFrom = Int64.min
    var tableStart = Int64.min
    if let rule {
      if let last = changes.last?.instant {
        // RFC 8536 §3.3: the footer's rule is in force after the last transition of the table.
        ruleFrom = last
        if last < horizon { append(last + 1, rule.offset(at: last + 1)) }
      } else {
        tableStart = Self.january1(Self.tableStartYear)
        offsets = [Int32(clamping: rule.offset(at: tableStart))]
      }
      let from = max(ruleFrom, tableStart)
      if from < horizon {
        let firstYear = CivilDate(daysSinceEpoch: Int(from.floorDivided(by: 86_400))).year
        for year in firstYear...Self.tableEndYear {
          for change in rule.changes(in: year) where change.instant > from && change.instant < horizon {
            append(change.instant, change.offset)
          }
        }
      }
    }
    self.identifier = identifier
    self.instants = instants
    self.offsets = offsets
    self.rule = rule
    self.ruleFrom = ruleFrom
    self.tableStart = tableStart
    self.horizon = rule == nil ? .max : horizon
  }

  /// A zone whose offset never changes: `UTC`, or a `…+02:00` reading's.
  public init(identifier: String, fixedOffset seconds: Int) {
    self.init(identifier: identifier, initialOffset: seconds, changes: [])
  }

  /// UTC.
  public static let utc = Zone(identifier: "UTC", fixedOffset: 0)

  public var description: String { identifier }

  /// A digest of the rules alone (not the name), the same in every process and build: what a
  /// store keeps to tell, after an update of the tz database, whether a zone's rules changed.
  public var fingerprint: UInt64 {
    // FNV-1a over the table; Swift's `Hasher` is seeded per process.
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    func mix(_ value: Int64) {
      var value = UInt64(bitPattern: value)
      for _ in 0..<8 {
        hash = (hash ^ (value & 0xff)) &* 0x0000_0100_0000_01b3
        value >>= 8
      }
    }
    for instant in instants { mix(instant) }
    for offset in offsets { mix(Int64(offset)) }
    mix(ruleFrom)
    mix(horizon)
    if let rule {
      mix(Int64(rule.standardOffset))
      if let daylight = rule.daylight {
        mix(Int64(daylight.offset))
        for moment in [daylight.start, daylight.end] {
          mix(Int64(moment.secondOfDay))
          switch moment.day {
          case .julian(let n): mix(1_000 + Int64(n))
          case .ordinal(let n): mix(2_000 + Int64(n))
          case .weekday(let month, let week, let weekday):
            mix(Int64(3_000 + month * 100 + week * 10 + weekday))
          }
        }
      }
    }
    return hash
  }

  /// Whether the offset never changes.
  public var isFixed: Bool { instants.isEmpty && rule?.daylight == nil }

  public func offset(at instant: Int64) -> Int {
    if let rule, !covers(instant) { return rule.offset(at: instant) }
    return Int(offsets[Self.countAtOrBefore(instant, in: instants)])
  }

  public func offset(at low: Int64, changesThrough high: Int64, _ body: (ZoneTransition) -> Void) -> Int {
    guard let rule, !(covers(low) && covers(high)) else {
      var index = Self.countAtOrBefore(low, in: instants)
      let offset = Int(offsets[index])
      while index < instants.count, instants[index] <= high {
        body(
          ZoneTransition(
            instant: instants[index], before: Int(offsets[index]), after: Int(offsets[index + 1])))
        index += 1
      }
      return offset
    }
    // Past the table (or before it): the rule's own changes, year by year.
    let offset = self.offset(at: low)
    var previous = offset
    let first = CivilDate(daysSinceEpoch: Int(low.floorDivided(by: 86_400))).year - 1
    let last = CivilDate(daysSinceEpoch: Int(high.floorDivided(by: 86_400))).year + 1
    for year in first...last {
      for change in rule.changes(in: year) where change.instant > low && change.instant <= high {
        let now = self.offset(at: change.instant)
        if now != previous { body(ZoneTransition(instant: change.instant, before: previous, after: now)) }
        previous = now
      }
    }
    return offset
  }

  /// Whether the table answers for this instant (else the rule does).
  private func covers(_ instant: Int64) -> Bool {
    instant <= ruleFrom || (instant >= tableStart && instant < horizon)
  }

  /// How many of the ascending `instants` are at or before `instant` (Python's `bisect_right`).
  private static func countAtOrBefore(_ instant: Int64, in instants: [Int64]) -> Int {
    var low = 0
    var high = instants.count
    while low < high {
      let middle = (low + high) / 2
      if instant < instants[middle] { high = middle } else { low = middle + 1 }
    }
    return low
  }

  static func january1(_ year: Int) -> Int64 {
    Int64(CivilDate(year: year, month: 1, day: 1)?.daysSinceEpoch ?? 0) * 86_400
  }

  /// Whole seconds (rounded down) of seconds since 1970, clamped to what the table can hold.
  static func instant(_ seconds: Double) -> Int64 {
    let limit = 4.0e18
    guard seconds.isFinite, abs(seconds) < limit else { return seconds > 0 ? Int64(limit) : -Int64(limit) }
    return Int64(seconds.rounded(.down))
  }
}

/// One change of a zone's offset: at `instant` (seconds since 1970) it goes from `before` to `after`.
public struct ZoneTransition: Sendable, Hashable {
  public var instant: Int64
  public var before: Int
  public var after: Int

  public init(instant: Int64, before: Int, after: Int) {
    self.instant = instant
    self.before = before
    self.after = after
  }
}

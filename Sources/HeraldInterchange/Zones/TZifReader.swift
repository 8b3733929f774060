import HeraldCore

/// Reads a TZif file (RFC 8536, versions 1 to 4): the files of the system's tz database.
///
/// Strict, as every Herald reader: each count, index and flag is checked, a file that ends early or
/// goes on after its footer is refused, and a version 2+ file is read from its 64-bit data and
/// footer only — a damaged second half is an error, never read as the shorter 32-bit first half.
/// Leap-second files (`right/…`) are refused: their instants are not POSIX time.
public enum TZifReader {
  /// The zone a TZif file describes, named `identifier` (nil: its footer's TZ string, else
  /// `fallbackName`). An error's problem says what is wrong and where (the caller adds the path).
  public static func zone(_ bytes: [UInt8], identifier: String?, fallbackName: String = "TZif")
    throws(FieldError) -> Zone
  {
    var reader = ByteReader(bytes: bytes)
    let first = try Header(&reader)
    if first.version == 0 {
      let data = try DataBlock(&reader, header: first, timeSize: 4)
      guard reader.atEnd else { throw reader.fail("\(reader.remaining) bytes after the version 1 data") }
      return data.zone(identifier: identifier ?? fallbackName, rule: nil)
    }
    try reader.skip(first.blockSize(timeSize: 4), "the version 1 data")
    let second = try Header(&reader)
    guard second.version == first.version else {
      throw reader.fail(
        "the second header says version \(second.versionName), the first \(first.versionName)")
    }
    let data = try DataBlock(&reader, header: second, timeSize: 8)
    let (rule, text) = try footer(&reader, extended: second.version >= UInt8(ascii: "3"))
    return data.zone(identifier: identifier ?? (rule == nil ? fallbackName : text), rule: rule)
  }

  /// `\n` TZ string `\n`, then the end of the file.
  private static func footer(_ reader: inout ByteReader, extended: Bool) throws(FieldError)
    -> (rule: ZoneRule?, text: String)
  {
    guard try reader.byte("the footer") == UInt8(ascii: "\n") else {
      throw reader.fail("the footer does not start with a newline")
    }
    let start = reader.position
    while try reader.byte("the footer's TZ string") != UInt8(ascii: "\n") {}
    let text = reader.bytes[start..<(reader.position - 1)]
    guard reader.atEnd else { throw reader.fail("\(reader.remaining) bytes after the footer") }
    guard !text.isEmpty else { return (nil, "") }
    guard text.allSatisfy({ (0x21...0x7E).contains($0) }) else {
      throw reader.fail("the footer's TZ string holds a character outside printable ASCII")
    }
    let string = String(decoding: text, as: UTF8.self)
    do {
      return (try PosixTimeZoneText.parse(string, extended: extended), string)
    } catch {
      throw FieldError("", "footer: \(error.problem)")
    }
  }

  /// The fixed part before each data block.
  private struct Header {
    var version: UInt8
    var isUTCCount: Int
    var isStandardCount: Int
    var leapCount: Int
    var timeCount: Int
    var typeCount: Int
    var characterCount: Int

    init(_ reader: inout ByteReader) throws(FieldError) {
      let at = reader.position
      guard Array(try reader.take(4, "the header")) == Array("TZif".utf8) else {
        throw FieldError(
          "",
          at == 0 ? "not a TZif file (no \"TZif\" at its start)" : "no second \"TZif\" header at byte \(at)")
      }
      version = try reader.byte("the header")
      guard version == 0 || (UInt8(ascii: "2")...UInt8(ascii: "4")).contains(version) else {
        throw reader.fail("unknown TZif version byte 0x\(String(version, radix: 16))")
      }
      try reader.skip(15, "the header")
      isUTCCount = try reader.count("the header")
      isStandardCount = try reader.count("the header")
      leapCount = try reader.count("the header")
      timeCount = try reader.count("the header")
      typeCount = try reader.count("the header")
      characterCount = try reader.count("the header")
      guard typeCount >= 1 else { throw reader.fail("no local time types (typecnt is 0)") }
      guard characterCount >= 1 else { throw reader.fail("no time zone designations (charcnt is 0)") }
      guard isUTCCount == 0 || isUTCCount == typeCount else {
        throw reader.fail("isutcnt is \(isUTCCount), neither 0 nor typecnt (\(typeCount))")
      }
      guard isStandardCount == 0 || isStandardCount == typeCount else {
        throw reader.fail("isstdcnt is \(isStandardCount), neither 0 nor typecnt (\(typeCount))")
      }
      guard leapCount == 0 else {
        throw reader.fail(
          "\(leapCount) leap-second records: a right/ zone, whose instants are not POSIX time")
      }
    }

    var versionName: String { version == 0 ? "1" : String(UnicodeScalar(version)) }

    func blockSize(timeSize: Int) -> Int {
      timeCount * timeSize + timeCount + typeCount * 6 + characterCount + leapCount * (timeSize + 4)
        + isStandardCount + isUTCCount
    }
  }

  /// One data block: transitions, local time types, designations and indicators.
  private struct DataBlock {
    var times: [Int64] = []
    var typeOfTime: [Int] = []
    var offsets: [Int] = []

    init(_ reader: inout ByteReader, header: Header, timeSize: Int) throws(FieldError) {
      guard header.blockSize(timeSize: timeSize) <= reader.remaining else {
        throw reader.fail(
          "truncated: the data block needs \(header.blockSize(timeSize: timeSize)) bytes, \(reader.remaining) are left"
        )
      }
      times.reserveCapacity(header.timeCount)
      for index in 0..<header.timeCount {
        let time =
          try timeSize == 4
          ? Int64(reader.int32("the transition times")) : reader.int64("the transition times")
        if let previous = times.last, time <= previous {
          throw reader.fail("transition time \(index) is not after the one before it")
        }
        times.append(time)
      }
      for index in 0..<header.timeCount {
        let type = Int(try reader.byte("the transition types"))
        guard type < header.typeCount else {
          throw reader.fail("transition \(index) names local time type \(type) of \(header.typeCount)")
        }
        typeOfTime.append(type)
      }
      for index in 0..<header.typeCount {
        let offset = Int(try reader.int32("the local time types"))
        // RFC 8536 §3.2: −2^31 is not allowed, and offsets outside −25:59:59 … +25:59:59 are
        // not portable; Herald's readings rely on no zone being farther from UTC.
        guard (-93_599...93_599).contains(offset) else {
          throw reader.fail("local time type \(index): UT offset \(offset) s is beyond ±26 hours")
        }
        let isDST = try reader.byte("the local time types")
        guard isDST <= 1 else { throw reader.fail("local time type \(index): isdst is \(isDST), not 0 or 1") }
        let designation = Int(try reader.byte("the local time types"))
        guard designation < header.characterCount else {
          throw reader.fail("local time type \(index): designation index \(designation) is past charcnt")
        }
        offsets.append(offset)
      }
      let characters = try reader.take(header.characterCount, "the designations")
      guard characters.last == 0 else { throw reader.fail("the designations do not end with NUL") }
      let standard = try reader.take(header.isStandardCount, "the standard/wall indicators")
      let universal = try reader.take(header.isUTCCount, "the UT/local indicators")
      for (index, flag) in standard.enumerated() where flag > 1 {
        throw reader.fail("standard/wall indicator \(index) is \(flag), not 0 or 1")
      }
      for (index, flag) in universal.enumerated() {
        guard flag <= 1 else { throw reader.fail("UT/local indicator \(index) is \(flag), not 0 or 1") }
        guard flag == 0 || standard.isEmpty || standard[standard.startIndex + index] == 1 else {
          throw reader.fail("local time type \(index) is UT but not standard (RFC 8536 §3.2)")
        }
      }
    }

    /// RFC 8536 §3.2: before the first transition, local time type 0 is in force.
    func zone(identifier: String, rule: ZoneRule?) -> Zone {
      Zone(
        identifier: identifier, initialOffset: offsets[0],
        changes: zip(times, typeOfTime).map { ($0, offsets[$1]) }, rule: rule)
    }
  }
}

/// Big-endian fields of a byte array, each read checked against its end.
private struct ByteReader {
  let bytes: [UInt8]
  var position = 0

  var remaining: Int { bytes.count - position }
  var atEnd: Bool { position == bytes.count }

  func fail(_ problem: String) -> FieldError { FieldError("", problem) }

  mutating func take(_ count: Int, _ what: String) throws(FieldError) -> ArraySlice<UInt8> {
    guard count <= remaining else {
      throw fail("truncated in \(what): \(count) bytes needed at byte \(position), \(remaining) left")
    }
    defer { position += count }
    return bytes[position..<(position + count)]
  }

  mutating func skip(_ count: Int, _ what: String) throws(FieldError) { _ = try take(count, what) }

  mutating func byte(_ what: String) throws(FieldError) -> UInt8 { try take(1, what).first ?? 0 }

  mutating func uint32(_ what: String) throws(FieldError) -> UInt32 {
    try take(4, what).reduce(0) { $0 << 8 | UInt32($1) }
  }

  mutating func int32(_ what: String) throws(FieldError) -> Int32 { Int32(bitPattern: try uint32(what)) }

  mutating func int64(_ what: String) throws(FieldError) -> Int64 {
    Int64(bitPattern: try take(8, what).reduce(0) { $0 << 8 | UInt64($1) })
  }

  /// A header count: at most what the file could hold, so that no size computed from it overflows.
  mutating func count(_ what: String) throws(FieldError) -> Int {
    let value = try uint32(what)
    guard value <= UInt32(bytes.count) else {
      throw fail("a count in \(what) (\(value)) exceeds the file's size")
    }
    return Int(value)
  }
}

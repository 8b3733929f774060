import Foundation
import HeraldCore
import HeraldTestSupport
import Testing

@testable import HeraldInterchange

/// The streaming reader: the same components and the same first error as a reader of the whole
/// file, whatever the chunks the file arrives in, and a calendar merged as it streams plans as one
/// read whole — `VTIMEZONE`s last, components passed over and all.
@Suite struct ICalendarStreamTests {
  /// The repository's calendar files: the fuzzer's seeds and the examples.
  static let fixtures: [(name: String, bytes: [UInt8])] = ["Fuzz/corpus/ical", "examples/calendar"].flatMap {
    folder in
    let url = HeraldProcess.repositoryRoot.appendingPathComponent(folder)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
    return names.filter { $0.hasSuffix(".ics") }.sorted().compactMap { name in
      (try? Data(contentsOf: url.appendingPathComponent(name))).map { ("\(folder)/\(name)", Array($0)) }
    }
  }

  /// Folded lines, CRLF and LF, a byte order mark, and characters of two, three and four bytes
  /// with folds falling inside them.
  static let tricky: [UInt8] =
    [0xEF, 0xBB, 0xBF]
    + Array("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:fold-1\r\nSUMMARY:Steuererkl".utf8)
    + [0xC3, 0x0D, 0x0A, 0x20, 0xA4] + Array("rung \u{20AC}".utf8.dropLast()) + [0x0D, 0x0A, 0x09]
    + Array("\u{20AC}".utf8.suffix(1)) + Array(" und ".utf8) + Array("😀".utf8.prefix(2)) + [0x0A, 0x20]
    + Array("😀".utf8.dropFirst(2))
    + Array("\r\nDTSTART:20261123T080000Z\nBEGIN:VALARM\r\nACTION:DISPLAY\r\n".utf8)
    + Array(
      "END:VALARM\r\nEND:VEVENT\r\nBEGIN:VTODO\r\nUID:t\r\nDUE;VALUE=DATE:20261124\r\nEND:VTODO\r\n".utf8)
    + Array("END:VCALENDAR\r\nBEGIN:VCALENDAR\nX-A;P=\"a:b\",c:d\nEND:VCALENDAR\r\n".utf8)

  /// Reads `bytes` as `cal.ics`, the reader getting `sizes` bytes at a time in turn.
  static func read(_ bytes: [UInt8], chunks sizes: [Int]) -> Result<[ICalendarComponent], FieldError> {
    var offset = 0
    var turn = 0
    var tree = ICalendarTree()
    do {
      try ICalendarReader.read(
        path: "cal.ics",
        source: { (buffer) throws(FieldError) in
          let count = min(sizes[turn % sizes.count], buffer.count, bytes.count - offset)
          turn += 1
          for index in 0..<count { buffer[index] = bytes[offset + index] }
          offset += count
          return count
        }, into: &tree)
      return .success(tree.calendars)
    } catch {
      return .failure(error)
    }
  }

  static func whole(_ bytes: [UInt8]) -> Result<[ICalendarComponent], FieldError> {
    Result { () throws(FieldError) in try ICalendarWholeFileReader.read(Data(bytes), path: "cal.ics") }
  }

  @Test func theFixturesReadAsTheWholeFileReaderReadThem() throws {
    #expect(Self.fixtures.count >= 5)
    for (name, bytes) in Self.fixtures + [("tricky", Self.tricky)] {
      let expected = Self.whole(bytes)
      #expect(throws: Never.self, "\(name)") { try expected.get() }
      #expect(
        Result { () throws(FieldError) in try ICalendarReader.read(Data(bytes), path: "cal.ics") }
          == expected,
        "\(name)")
      for size in [1, 2, 3, 7, 64, 4096] {
        #expect(Self.read(bytes, chunks: [size]) == expected, "\(name) in chunks of \(size)")
      }
    }
  }

  @Test func aChunkMayEndAnywhere() throws {
    let expected = try Self.whole(Self.tricky).get()
    let summary = expected.first?.components.first?.property("SUMMARY")?.value
    #expect(summary == "Steuererklärung € und 😀")
    // Every place of the file as the end of the first chunk: between CR and LF, inside the byte
    // order mark, inside a folded character, before a fold's space.
    for cut in 1..<Self.tricky.count {
      #expect(Self.read(Self.tricky, chunks: [cut, 1 << 16]) == .success(expected), "cut after \(cut) bytes")
    }
    for sizes in [[1], [2], [3], [7], [5, 1, 2], [13, 1]] {
      #expect(Self.read(Self.tricky, chunks: sizes) == .success(expected), "chunks of \(sizes)")
    }
  }

  @Test func damagedCopiesFailAsTheWholeFileReaderFailsThem() {
    // Bytes that break lines, folds, nesting and UTF-8, put anywhere in the fixtures.
    let pieces: [[UInt8]] = [
      [0x0D], [0x0A], [0x0D, 0x0A], [0x20], [0x09], [0x3A], [0x3B], [0x22], [0xC3], [0xFF], [0x01],
      Array("\nBEGIN:VEVENT\n".utf8), Array("\r\nEND:VEVENT\r\n".utf8), Array("\nEND:VCALENDAR\n".utf8),
      Array("\n\n".utf8), Array("\n X".utf8),
    ]
    var random = SeededGenerator(seed: 23)
    let sources = Self.fixtures.map(\.bytes) + [Self.tricky]
    var refused = 0
    for round in 0..<600 {
      var bytes = sources[round % sources.count]
      for _ in 0..<Int.random(in: 1...3, using: &random) {
        let at = Int.random(in: 0...bytes.count, using: &random)
        if Bool.random(using: &random), at < bytes.count {
          bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...8, using: &random)))
        } else {
          bytes.insert(contentsOf: pieces[Int.random(in: 0..<pieces.count, using: &random)], at: at)
        }
      }
      let expected = Self.whole(bytes)
      if case .failure = expected { refused += 1 }
      let size = [1, 2, 3, 7, 100, 1 << 16][round % 6]
      #expect(Self.read(bytes, chunks: [size]) == expected, "\(String(decoding: bytes, as: UTF8.self))")
    }
    #expect(refused > 100)
  }

  /// A calendar of `count` events `UID:e{index}`, each seven lines, from line 2 on.
  static func events(_ count: Int) -> String {
    (0..<count).map {
      "BEGIN:VEVENT\r\nUID:e\($0)\r\nDTSTART:20261123T080000Z\r\nSUMMARY:Lang\r\n  und gefaltet\r\n"
        + "DESCRIPTION:Beschreibung\r\nEND:VEVENT\r\n"
    }.joined()
  }

  @Test func anUnclosedComponentAtTheEndFailsTheWholeRead() {
    // 1 000 events of 7 lines from line 2: the unclosed one begins at line 7 002.
    let text =
      "BEGIN:VCALENDAR\r\n" + Self.events(1000) + "BEGIN:VEVENT\r\nUID:last\r\nDTSTART:20261123T080000Z\r\n"
    for size in [1, 7, 1 << 16] {
      #expect(
        Self.read(Array(text.utf8), chunks: [size])
          == .failure(
            FieldError(
              "cal.ics: line 7002: UID last", "BEGIN:VEVENT is not closed by END:VEVENT (the file ends first)"
            )))
    }
    // Every event was handed over before the end showed the file to be cut off: the read fails
    // all the same, so none of them may be used.
    var counter = ComponentCounter()
    #expect(throws: FieldError.self) {
      try ICalendarReader.read(Data(text.utf8), path: "cal.ics", into: &counter)
    }
    #expect(counter.components == 1000)
    #expect(
      Self.read(Array((text + "END:VEVENT\r\nEND:VCALEND").utf8), chunks: [3])
        == .failure(FieldError("cal.ics: line 7006", "END:VCALEND does not close BEGIN:VCALENDAR of line 1")))
  }

  @Test func aBadLineInTheMiddleIsReportedAtItsLineAndStopsTheHandler() {
    // Line 3 505 is the SUMMARY of event 500 (its BEGIN is at line 2 + 7 × 500).
    var lines = ("BEGIN:VCALENDAR\r\n" + Self.events(1000) + "END:VCALENDAR\r\n").components(
      separatedBy: "\r\n")
    lines[3504] = "SUMMARY Kein Doppelpunkt"
    let text = lines.joined(separator: "\r\n")
    for size in [1, 7, 1 << 16] {
      #expect(
        Self.read(Array(text.utf8), chunks: [size])
          == .failure(
            FieldError(
              "cal.ics: line 3505: UID e500",
              "not a content line NAME[;PARAM=…]:VALUE: unexpected byte 0x20 after SUMMARY")))
    }
    var counter = ComponentCounter()
    #expect(throws: FieldError.self) {
      try ICalendarReader.read(Data(text.utf8), path: "cal.ics", into: &counter)
    }
    #expect(counter.components == 500)
  }

  @Test func aLineThatCannotBeUnfoldedIsReportedBeforeAnEarlierBadLine() {
    // The whole-file reader unfolded everything first: an empty line at the end comes first.
    let text = "BEGIN:VCALENDAR\r\nX-A b\r\n" + Self.events(100) + "\r\nEND:VCALENDAR\r\n"
    let expected = FieldError("cal.ics: line 703", "an empty line is not NAME[;PARAM=…]:VALUE")
    #expect(Self.whole(Array(text.utf8)) == .failure(expected))
    #expect(Self.read(Array(text.utf8), chunks: [5]) == .failure(expected))
  }

  @Test func aFileStreamsFromDiskAsFromMemory() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "herald-\(UUID().uuidString).ics"
    ).path
    try Data(Self.tricky).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    var tree = ICalendarTree()
    try ICalendarReader.read(InputFile(path: path), into: &tree)
    #expect(tree.calendars == (try ICalendarReader.read(Data(Self.tricky), path: path)))
  }
}

/// Counts what the reader hands over.
struct ComponentCounter: ICalendarHandler {
  var components = 0
  mutating func beginCalendar(line: Int) {}
  mutating func component(_ component: ICalendarComponent) { components += 1 }
  mutating func endCalendar(_ calendar: ICalendarComponent) {}
}

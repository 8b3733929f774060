import Foundation
import HeraldCore
import HeraldInterchange
import HeraldTestSupport
import Testing

/// `export → import → export` keeps every accepted document exactly: instants of any zone and
/// era (local mean time before standard time, odd offsets), nine-digit fractions, any text.
@Suite struct ExportRoundTripTests {
  static let offsets = [0, 345, -570, 840, -720, 825, -210, 525, 60, -60, 330, 765]
  static let texts = [
    "Steuererklärung", "日本語のタスク", "🧘‍♀️ Pause", "e\u{301}te\u{301}", "NUL\u{0}inside", "quote \" and \\",
    "two\nlines", "שלום עולם", "\u{FEFF}bom", "tab\there", "\u{1F}unit", "ǅemo", "a\u{200D}b", "𝄞 music",
  ]

  /// A random but valid scenario document of about `count` tasks.
  static func document(count: Int, seed: UInt64) -> String {
    var random = SeededGenerator(seed: seed)
    let zones = TimeZone.knownTimeZoneIdentifiers.sorted()
    func instant() -> String {
      // 1800 to 2100: Berlin, Paris and many others kept local mean time until the 1890s.
      let seconds = Int.random(in: -5_364_662_400...4_102_444_800, using: &random)
      let offset = offsets[Int.random(in: 0..<offsets.count, using: &random)] * 60
      let local = seconds + offset
      let days = Int((Double(local) / 86_400).rounded(.down))
      let second = local - days * 86_400
      let day = CivilDate(daysSinceEpoch: days)
      let digits = Int.random(in: 0...9, using: &random)
      let fraction =
        digits == 0
        ? "" : "." + (0..<digits).map { _ in String(Int.random(in: 0...9, using: &random)) }.joined()
      let zone: String
      if offset == 0, Bool.random(using: &random) {
        zone = "Z"
      } else {
        let magnitude = abs(offset) / 60
        zone =
          (offset < 0 ? "-" : "+") + CivilDate.pad(magnitude / 60, 2) + ":" + CivilDate.pad(magnitude % 60, 2)
      }
      return "\(day)T\(CivilDate.pad(second / 3600, 2)):\(CivilDate.pad(second / 60 % 60, 2)):"
        + "\(CivilDate.pad(second % 60, 2))\(fraction)\(zone)"
    }
    func text() -> String {
      let parts = (0..<Int.random(in: 1...3, using: &random)).map { _ in
        texts[Int.random(in: 0..<texts.count, using: &random)]
      }
      return JSONWriter.string(.string(parts.joined(separator: " ")))
    }
    var tasks: [String] = []
    for index in 0..<count {
      let due = Int.random(in: 0..<4, using: &random) == 0 ? "null" : "\"\(instant())\""
      tasks.append(
        "{\"id\": \"t\(index)\", \"title\": \(text()), \"due\": \(due), \"completed\": \(Bool.random(using: &random))}"
      )
    }
    var blocks: [String] = []
    for index in 0..<count / 10 {
      let start = Fixtures.instant(instant())
      let end = start.addingTimeInterval(Double(Int.random(in: 1...86_400_000, using: &random)) / 1000)
      let links = (0..<Int.random(in: 0...3, using: &random)).map { _ in
        "\"t\(Int.random(in: 0..<count, using: &random))\""
      }
      blocks.append(
        "{\"id\": \"b\(index)\", \"title\": \(text()), \"start\": \"\(RFC3339.utcStringWithMilliseconds(start))\", "
          + "\"end\": \"\(RFC3339.string(end, offsetSeconds: 20_700))\", \"taskIDs\": [\(links.joined(separator: ", "))]}"
      )
    }
    let zone = zones[Int.random(in: 0..<zones.count, using: &random)]
    return """
      {"timeZone": "\(zone)", "locale": "\(Bool.random(using: &random) ? "de" : "en")",
       "settings": {"focusBlockLeadMinutes": \(Int.random(in: 0...120, using: &random)), "dueDateAdvanceReminderEnabled": true},
       "focusBlocks": [\(blocks.joined(separator: ",\n"))],
       "tasks": [\(tasks.joined(separator: ",\n"))],
       "movement": {"intervalMinutes": 37, "days": {"monday": {"timeBlocks": [{"start": "09:00", "end": "17:00", "style": "urgent", "intervalMinutes": 50}]}, "sunday": "fallback", "saturday": {"fixedTimes": ["10:00", "16:30"]}}}}
      """
  }

  @Test(arguments: [UInt64(1), 2, 3])
  func threeExportsOfALargeRandomDocumentAreIdentical(_ seed: UInt64) throws {
    let database = try CLIDatabase()
    defer { database.remove() }
    let document = Self.document(count: 3000, seed: seed)
    try database.succeed(["import", "-"], stdin: document)
    let first = try database.succeed(["export"])
    try database.succeed(["import", "-"], stdin: first)
    let second = try database.succeed(["export"])
    try database.succeed(["import", "-"], stdin: second)
    let third = try database.succeed(["export"])
    #expect(first == second)
    #expect(second == third)

    // And each is the document as given: the same instants (fractions cut to the millisecond,
    // the one rounding rule) and the same text, NUL characters included.
    let given = try ScenarioDocument.decode(Data(document.utf8))
    let exported = try ScenarioDocument.decode(Data(first.utf8))
    #expect(exported.tasks == given.tasks)
    #expect(exported.focusBlocks == given.focusBlocks)
    #expect(exported.timeZone == given.timeZone)
  }

  /// Nine nines are cut to the millisecond, never rounded up into the next second.
  @Test func aNineDigitFractionIsCutToTheMillisecond() throws {
    let database = try CLIDatabase()
    defer { database.remove() }
    try database.succeed(
      ["import", "-"],
      stdin:
        #"{"timeZone": "UTC", "tasks": [{"id": "a", "title": "x", "due": "2026-11-23T09:59:59.999999999Z"}]}"#
    )
    #expect(try database.succeed(["export"]).contains(#""due": "2026-11-23T09:59:59.999Z""#))
  }

  /// Before 1893 Berlin kept local mean time, +00:53:28: written as +00:53 with the matching local time.
  @Test func anInstantBeforeStandardTimeReadsBackAsTheSameInstant() throws {
    let database = try CLIDatabase()
    defer { database.remove() }
    try database.succeed(
      ["import", "-"],
      stdin:
        #"{"timeZone": "Europe/Berlin", "tasks": [{"id": "a", "title": "x", "due": "1880-01-01T12:00:00Z"}]}"#
    )
    let export = try database.succeed(["export"])
    #expect(export.contains(#""due": "1880-01-01T12:53:00+00:53""#))
  }
}

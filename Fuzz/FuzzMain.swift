// libFuzzer entry for Herald's readers, built by .ci/fuzz together with the HeraldInterchange
// sources (so it sees their internals) against HeraldCore. HERALD_FUZZ_TARGET picks the reader:
// scenario, route, gpx, ical, tzif or api. Besides "never crash", each checks a property a reader
// must keep.
import Foundation
import HeraldCore

private enum Target: String {
  case scenario, route, gpx, ical, tzif, api
}

/// The instant and zone the ical target plans calendars at: fixed, so a crash replays.
private let icalNow = Date(timeIntervalSince1970: 1_763_812_800)
private let icalZone =
  (try? SystemZones.shared.zone(named: "Europe/Berlin")) ?? Zone(identifier: "CET", fixedOffset: 3600)

/// Instants the tzif target asks every accepted zone about: 1901 to 2500, and past both ends.
private let zoneProbes: [Int64] = [
  .min / 4, -2_208_988_800, -1, 0, 1_000_000_000, 1_767_225_600, 2_147_483_647, 4_102_444_800, 16_725_225_600,
  .max / 4,
]

private let target =
  Target(rawValue: ProcessInfo.processInfo.environment["HERALD_FUZZ_TARGET"] ?? "") ?? .scenario

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let data = Data(bytes: start, count: count)
  switch target {
  case .tzif:
    // A TZif file (RFC 8536), or else a POSIX TZ string: what is accepted answers every instant
    // with an offset within ±26 hours and resolves every reading, from the table and past it.
    let zone: Zone
    if data.starts(with: Array("TZif".utf8)) {
      guard let read = try? TZifReader.zone([UInt8](data), identifier: "Fuzz/Zone") else { return 0 }
      zone = read
    } else {
      guard let text = String(data: data, encoding: .utf8), let rule = try? PosixTimeZoneText.parse(text)
      else {
        return 0
      }
      zone = Zone(identifier: text, initialOffset: rule.standardOffset, changes: [], rule: rule)
    }
    var probes = zoneProbes
    zone.forEachChange(after: -4_000_000_000, through: 20_000_000_000) { change in
      if probes.count < 200 { probes += [change.instant - 1, change.instant, change.instant + 1] }
    }
    for instant in probes {
      let offset = zone.offset(at: instant)
      guard abs(offset) <= 93_599 else { fatalError("offset \(offset) at \(instant)") }
      let local = Int(clamping: instant) &+ offset
      _ = zone.resolvedEpochSeconds(localSeconds: local)
    }
    _ = zone.fingerprint
  case .scenario:
    // What is accepted writes out as a document that reads back to the same state and text.
    guard let state = try? ScenarioDocument.decode(data) else { return 0 }
    let written = ScenarioDocument.encode(state)
    guard let again = try? ScenarioDocument.decode(Data(written.utf8)) else {
      fatalError("an accepted scenario exported as a document that is refused:\n\(written)")
    }
    guard ScenarioDocument.encode(again) == written else {
      fatalError("export → import → export changed the document:\n\(written)")
    }
  case .route:
    _ = try? RouteDocument.decode(data)
  case .api:
    // An API request body: Herald's reader judges it first (a duplicate key is refused there), then
    // the generated code decodes the same bytes with Foundation's JSONDecoder. The two must see one
    // document — the same keys, strings and numbers — or a key could pass the check as one thing
    // and reach the handler as another. The one difference allowed: a number beyond Double's
    // range, which the decoder refuses and the API names itself.
    guard let value = try? JSONValue.parse(data) else { return 0 }
    do {
      let decoded = try JSONDecoder().decode(DecodedJSON.self, from: data)
      guard decoded.matches(value) else {
        fatalError("Herald's reader and JSONDecoder read different documents: \(value) vs \(decoded)")
      }
    } catch {
      guard value.hasNumberOutOfRange else {
        fatalError("Herald's reader took a document JSONDecoder refuses: \(error)")
      }
    }
  case .ical:
    // Reading in memory and reading in 1-byte pieces must agree, and so must merging what was
    // read whole and merging as it streams: chunk edges change nothing.
    let whole = Result { () throws(FieldError) in try ICalendarReader.read(data, path: "fuzz.ics") }
    var offset = 0
    var tree = ICalendarTree()
    let pieces = Result { () throws(FieldError) in
      try ICalendarReader.read(
        path: "fuzz.ics",
        source: { (buffer) throws(FieldError) in
          guard offset < data.count, buffer.count > 0 else { return 0 }
          buffer[0] = data[data.startIndex + offset]
          offset += 1
          return 1
        }, into: &tree)
      return tree.calendars
    }
    guard whole == pieces else {
      fatalError("iCalendar read whole and read byte by byte disagree: \(whole) vs \(pieces)")
    }
    // What is accepted writes out as text that reads back to the same components; expanding it
    // into blocks and tasks never crashes.
    guard let calendars = try? whole.get() else { return 0 }
    let written = ICalendarWriter.write(calendars)
    guard let again = try? ICalendarReader.read(Data(written.utf8), path: "fuzz.ics") else {
      fatalError("an accepted calendar written as text that is refused:\n\(written)")
    }
    guard again.map(\.withoutLines) == calendars.map(\.withoutLines) else {
      fatalError("read → write → read changed the calendar:\n\(written)")
    }
    let merged = Result { () throws(FieldError) in
      try CalendarImport.merge(
        [.init(path: "fuzz.ics", calendars: calendars)], into: PlanningState(timeZone: icalZone),
        now: icalNow,
        horizonDays: 31)
    }
    let streamed = Result { () throws(FieldError) in
      try CalendarImport.merge(
        reading: [.data(data, path: "fuzz.ics")], into: PlanningState(timeZone: icalZone), now: icalNow,
        horizonDays: 31)
    }
    guard merged == streamed else {
      fatalError("merging what was read whole and merging as it streams disagree: \(merged) vs \(streamed)")
    }
  case .gpx:
    // Reading in memory and reading in 1-byte pieces must agree: chunk edges change nothing.
    var whole: [LocationFix] = []
    let name = Result { () throws(FieldError) in try GPXReader.read(data, fix: { whole.append($0) }) }
    var offset = 0
    var pieces: [LocationFix] = []
    let pieceName = Result { () throws(FieldError) in
      try GPXReader.readForTesting(
        source: { (buffer) throws(FieldError) in
          guard offset < data.count, buffer.count > 0 else { return 0 }
          buffer[0] = data[data.startIndex + offset]
          offset += 1
          return 1
        }, fix: { pieces.append($0) })
    }
    guard whole == pieces, "\(name)" == "\(pieceName)" else {
      fatalError(
        "GPX read whole and read byte by byte disagree: \(name) \(whole.count) vs \(pieceName) \(pieces.count)"
      )
    }
  }
  return 0
}

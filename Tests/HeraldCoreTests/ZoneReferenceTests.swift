import Foundation
import HeraldCore
import HeraldInterchange
import HeraldTestSupport
import Testing

/// Herald's reading of the system's tz database against an independent one of the same files:
/// Python's `zoneinfo` (its own TZif reader and TZ-string rules). For every zone, random instants
/// from 1900 to 2100 and random wall-clock readings, and readings in and around the gaps and
/// overlaps of its changes: offsets and resolved instants (the contract's rule is `fold=0`) must be
/// equal.
///
/// Without python3 the test says why and passes, unless HERALD_REQUIRE_PYTHON_REFERENCE=1.
@Suite struct ZoneReferenceTests {
  static let first: Int64 = -2_208_988_800  // 1900-01-01T00:00:00Z
  static let last: Int64 = 4_133_980_799  // 2100-12-31T23:59:59Z

  /// One case: an instant whose offset is asked, or a wall-clock reading to resolve.
  struct Case {
    var zone: String
    var isReading: Bool
    var value: Int64
  }

  @Test func everyZoneOfTheSystemAgreesWithPythonsZoneinfo() throws {
    guard let python = Self.python() else { return }
    let directory = SystemZones.shared.directory
    let names = try Self.zoneNames(in: directory)
    #expect(names.count > 300, "the tz database at \(directory) holds \(names.count) zones")
    var random = SeededGenerator(seed: 47)
    var cases: [Case] = []
    var zones: [String: Zone] = [:]
    for name in names {
      let zone = try SystemZones.shared.zone(named: name)
      zones[name] = zone
      for _ in 0..<16 {
        cases.append(
          Case(zone: name, isReading: false, value: Int64.random(in: Self.first...Self.last, using: &random)))
        cases.append(
          Case(zone: name, isReading: true, value: Int64.random(in: Self.first...Self.last, using: &random)))
      }
      var changes: [ZoneTransition] = []
      zone.forEachChange(after: Self.first, through: Self.last) { changes.append($0) }
      for change in changes.shuffled(using: &random).prefix(6) {
        // Either side of the change, and the readings around its gap or overlap.
        for instant in [change.instant - 1, change.instant] {
          cases.append(Case(zone: name, isReading: false, value: instant))
        }
        let low = change.instant + Int64(min(change.before, change.after))
        let high = change.instant + Int64(max(change.before, change.after))
        for reading in [low - 1, low, (low + high) / 2, high - 1, high] {
          cases.append(Case(zone: name, isReading: true, value: reading))
        }
      }
    }
    let input = cases.map { "\($0.zone)\t\($0.isReading ? "L" : "I")\t\($0.value)" }.joined(separator: "\n")
    let path = try HeraldProcess.temporaryFile(input + "\n", suffix: ".cases")
    let answers = try RecurrenceReferenceTests.run(python, ["-c", Self.script, directory, path])
      .split(separator: "\n").map { Int64($0) }
    try #require(answers.count == cases.count, "python answered \(answers.count) of \(cases.count) cases")
    var disagreements: [String] = []
    for (item, answer) in zip(cases, answers) {
      guard let zone = zones[item.zone] else { continue }
      let ours =
        item.isReading
        ? Int64(zone.resolvedEpochSeconds(localSeconds: Int(item.value))) : Int64(zone.offset(at: item.value))
      if ours != answer {
        disagreements.append(
          "\(item.zone) \(item.isReading ? "reading" : "instant") \(item.value): Herald \(ours), zoneinfo \(answer.map(String.init) ?? "?")"
        )
      }
    }
    let readings = cases.filter(\.isReading).count
    print(
      "zone reference: \(names.count) zones of \(SystemZones.shared.release), \(cases.count - readings) instants "
        + "and \(readings) readings; \(disagreements.count) disagree")
    #expect(disagreements.isEmpty, "\(disagreements.prefix(20).joined(separator: "\n"))")
  }

  /// Every TZif file under `directory` but the `posix/` and `right/` copies, by IANA name.
  static func zoneNames(in directory: String) throws -> [String] {
    guard let walker = FileManager.default.enumerator(atPath: directory) else { return [] }
    var names: [String] = []
    while let path = walker.nextObject() as? String {
      if path == "posix" || path == "right" {
        walker.skipDescendants()
        continue
      }
      guard let handle = FileHandle(forReadingAtPath: directory + "/" + path) else { continue }
      defer { try? handle.close() }
      if (try? handle.read(upToCount: 4)) == Data("TZif".utf8) { names.append(path) }
    }
    return names.sorted()
  }

  static let script = """
    import datetime, sys, zoneinfo
    zoneinfo.reset_tzpath([sys.argv[1]])
    zones = {}
    epoch = datetime.datetime(1970, 1, 1)
    out = []
    for line in open(sys.argv[2]):
        name, kind, value = line.rstrip("\\n").split("\\t")
        zone = zones.get(name) or zones.setdefault(name, zoneinfo.ZoneInfo(name))
        value = int(value)
        if kind == "I":
            out.append(str(int(datetime.datetime.fromtimestamp(value, tz=zone).utcoffset().total_seconds())))
        else:
            reading = (epoch + datetime.timedelta(seconds=value)).replace(tzinfo=zone, fold=0)
            out.append(str(int(reading.timestamp())))
    print("\\n".join(out))
    """

  /// python3 with `zoneinfo` (3.9+), or nil after saying why.
  static func python() -> String? {
    for candidate in ["/usr/bin/python3", "/usr/local/bin/python3"]
    where FileManager.default.isExecutableFile(atPath: candidate) {
      if (try? RecurrenceReferenceTests.run(candidate, ["-c", "import zoneinfo"])) != nil {
        return candidate
      }
    }
    let reason = "Python's zoneinfo (python3 3.9+) unavailable"
    if ProcessInfo.processInfo.environment["HERALD_REQUIRE_PYTHON_REFERENCE"] == "1" {
      Issue.record(Comment(rawValue: reason))
    } else {
      print("skipped: \(reason)")
    }
    return nil
  }
}

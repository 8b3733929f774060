import Foundation
import HeraldCore
import HeraldInterchange
import HeraldRuntime
import HeraldTestSupport
import Testing

/// The daemon's zone comes from `$TZ`, else the `/etc/localtime` file, else `/etc/timezone`: read
/// from real files and a real environment, each time it is asked, as the C library reads them.
@Suite struct SystemTimeZoneSourceTests {
  /// A directory with a `localtime` link to `linkTarget` (when given) and a `timezone` file.
  func source(tz: String?, linkTarget: String?, timezoneFile: String?, in directory: TemporaryDirectory)
    throws -> SystemTimeZoneSource
  {
    let localtime = directory.path("localtime")
    let timezone = directory.path("timezone")
    if let linkTarget {
      try FileManager.default.createSymbolicLink(atPath: localtime, withDestinationPath: linkTarget)
    }
    if let timezoneFile { try Data((timezoneFile + "\n").utf8).write(to: URL(fileURLWithPath: timezone)) }
    let environment = tz.map { ["TZ": $0] } ?? [:]
    return SystemTimeZoneSource(
      environment: { environment[$0] }, localtimePath: localtime, timezonePath: timezone)
  }

  @Test(
    arguments: [
      ("Asia/Kolkata", "/usr/share/zoneinfo/America/St_Johns", "Europe/Berlin", "Asia/Kolkata"),
      (":Asia/Kolkata", nil, nil, "Asia/Kolkata"),  // POSIX's leading colon
      (":/usr/share/zoneinfo/Asia/Kolkata", nil, nil, "Asia/Kolkata"),  // a file's path
      ("", "/usr/share/zoneinfo/America/St_Johns", nil, "UTC"),  // an empty TZ is UTC, as in glibc
      (nil, "/usr/share/zoneinfo/America/St_Johns", "Europe/Berlin", "America/St_Johns"),
      (nil, "../usr/share/zoneinfo/America/St_Johns", nil, "America/St_Johns"),  // a relative link
      (nil, nil, "Europe/Berlin", "Europe/Berlin"),
      (nil, "/somewhere/else", nil, "UTC"),
      (nil, nil, nil, "UTC"),
    ] as [(String?, String?, String?, String)])
  func findsTheZone(tz: String?, link: String?, file: String?, expected: String) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    // A relative link is relative to the link's own directory: make it reach /usr from there.
    let target = link.map { $0.hasPrefix("../") ? String(repeating: "../", count: 8) + $0.dropFirst(3) : $0 }
    let zones = try source(tz: tz, linkTarget: target, timezoneFile: file, in: directory)
    let zone = try zones.current()
    #expect(zone.identifier == expected)
    #expect(zone == (expected == "UTC" ? Zone.utc : Fixtures.zone(expected)))
  }

  /// A POSIX TZ string is a zone of its own, with the rule it states (here US Eastern's).
  @Test func aPOSIXStringIsAZone() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let zone = try source(
      tz: "EST+5EDT,M3.2.0/2,M11.1.0/2", linkTarget: nil, timezoneFile: nil, in: directory
    )
    .current()
    #expect(zone.identifier == "EST+5EDT,M3.2.0/2,M11.1.0/2")
    let newYork = Fixtures.zone("America/New_York")
    for instant in [
      "2026-01-15T12:00:00Z", "2026-03-08T06:59:59Z", "2026-03-08T07:00:00Z", "2026-11-01T06:00:00Z",
    ] {
      let seconds = Fixtures.instant(instant).timeIntervalSince1970
      #expect(zone.offset(atEpochSeconds: seconds) == newYork.offset(atEpochSeconds: seconds), "\(instant)")
    }
  }

  /// `TZ=Mars/Olympus` is refused naming TZ: the C library would plan in UTC without a word.
  @Test(arguments: ["Mars/Olympus", ":Mars/Olympus", "EST5EDT4", "/etc/passwd", ":/no/such/file"])
  func anUnknownTZIsRefusedNamingTZ(tz: String) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let zones = try source(
      tz: tz, linkTarget: "/usr/share/zoneinfo/Europe/Berlin", timezoneFile: nil, in: directory)
    let error = try #require(throws: FieldError.self) { try zones.current() }
    #expect(error.field == "TZ")
  }

  @Test func aChangedLinkIsReadOnTheNextCall() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let zones = try source(
      tz: nil, linkTarget: "/usr/share/zoneinfo/Europe/Berlin", timezoneFile: nil, in: directory)
    #expect(try zones.current().identifier == "Europe/Berlin")
    // The user moves: the system's link is replaced, as timedatectl does.
    try FileManager.default.removeItem(atPath: directory.path("localtime"))
    try FileManager.default.createSymbolicLink(
      atPath: directory.path("localtime"), withDestinationPath: "/usr/share/zoneinfo/America/New_York")
    #expect(try zones.current().identifier == "America/New_York")
  }

  @Test func theRealSystemsZoneIsItsTZOrItsLink() throws {
    let zone = try SystemTimeZoneSource().current()
    if let tz = ProcessInfo.processInfo.environment["TZ"], !tz.isEmpty {
      #expect(zone.identifier == tz.trimmingPrefix(":").description)
    } else if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/etc/localtime"),
      let range = target.range(of: "zoneinfo/")
    {
      #expect(zone.identifier == String(target[range.upperBound...]))
    }
  }
}

import Foundation
import HeraldRuntime
import HeraldTestSupport
import Testing

/// The daemon's zone comes from `$TZ`, else the `/etc/localtime` link, else `/etc/timezone`: read
/// from real files and a real environment, each time it is asked.
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
      (nil, "/usr/share/zoneinfo/America/St_Johns", "Europe/Berlin", "America/St_Johns"),
      ("Not/AZone", "/usr/share/zoneinfo/Australia/Lord_Howe", nil, "Australia/Lord_Howe"),
      (nil, nil, "Europe/Berlin", "Europe/Berlin"),
      (nil, "/somewhere/else", nil, "UTC"),
      (nil, nil, nil, "UTC"),
    ] as [(String?, String?, String?, String)])
  func findsTheZone(tz: String?, link: String?, file: String?, expected: String) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let zones = try source(tz: tz, linkTarget: link, timezoneFile: file, in: directory)
    // Foundation names UTC "GMT"; zones compare by what they are.
    #expect(zones.current() == TimeZone(identifier: expected))
  }

  @Test func aChangedLinkIsReadOnTheNextCall() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let zones = try source(
      tz: nil, linkTarget: "/usr/share/zoneinfo/Europe/Berlin", timezoneFile: nil, in: directory)
    #expect(zones.current().identifier == "Europe/Berlin")
    // The user moves: the system's link is replaced, as timedatectl does.
    try FileManager.default.removeItem(atPath: directory.path("localtime"))
    try FileManager.default.createSymbolicLink(
      atPath: directory.path("localtime"), withDestinationPath: "/usr/share/zoneinfo/America/New_York")
    #expect(zones.current().identifier == "America/New_York")
  }

  @Test func theRealSystemsZoneIsItsTZOrItsLink() throws {
    let zone = SystemTimeZoneSource().current()
    if let tz = ProcessInfo.processInfo.environment["TZ"], let named = TimeZone(identifier: tz) {
      #expect(zone == named)
    } else if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/etc/localtime"),
      let range = target.range(of: "zoneinfo/")
    {
      #expect(zone.identifier == String(target[range.upperBound...]))
    }
  }
}

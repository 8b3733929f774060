import Foundation
import HeraldCore
import HeraldInterchange
import HeraldTestSupport

/// Job `zones`: Herald's zone from the system's tz database against Foundation's `TimeZone` (ICU's
/// copy of the data): the offset at an instant, a wall-clock reading resolved to an instant, and
/// a zone found by name, as a request finds its user's.
struct ZoneBenchmark {
  let zone = BenchmarkFixtures.zone("Europe/Berlin")
  let foundation: TimeZone = {
    guard let zone = TimeZone(identifier: "Europe/Berlin") else { preconditionFailure("no Europe/Berlin") }
    return zone
  }()
  /// Instants through 2026 and 2027, about every 61 minutes: both changes of each year among them.
  let instants: [Int64] = (0..<4096).map { 1_767_225_600 + Int64($0) * 3_671 * 4 }

  func run(_ harness: inout BenchmarkHarness) -> [BenchmarkRow] {
    let zone = zone
    let foundation = foundation
    let instants = instants
    let offset = harness.measure(samples: 101) { counter in
      zone.offset(at: instants[counter % instants.count])
    }
    let naiveOffset = harness.measure(samples: 101) { counter in
      foundation.secondsFromGMT(for: Date(timeIntervalSince1970: Double(instants[counter % instants.count])))
    }
    // Readings on the same clock: the instants shifted by an hour, so some fall in a gap or overlap.
    let readings = instants.map { Int($0) + 3600 }
    let resolved = harness.measure(samples: 101) { counter in
      Int(zone.resolvedEpochSeconds(localSeconds: readings[counter % readings.count]))
    }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = foundation
    var utc = Calendar(identifier: .gregorian)
    utc.timeZone = TimeZone(secondsFromGMT: 0) ?? foundation
    let components = readings.map {
      utc.dateComponents(
        [.year, .month, .day, .hour, .minute, .second], from: Date(timeIntervalSince1970: Double($0)))
    }
    let naiveResolved = harness.measure(samples: 31) { counter in
      Int(calendar.date(from: components[counter % components.count])?.timeIntervalSince1970 ?? 0)
    }
    let names = ["Europe/Berlin", "America/Vancouver", "Asia/Kolkata", "Australia/Lord_Howe"]
    let lookup = harness.measure(samples: 101) { counter in
      (try? SystemZones.shared.zone(named: names[counter % names.count]))?.identifier.utf8.count ?? 0
    }
    let naiveLookup = harness.measure(samples: 101) { counter in
      TimeZone(identifier: names[counter % names.count])?.identifier.utf8.count ?? 0
    }
    return [
      BenchmarkRow(
        job: "6a. zone: offset at an instant", ours: offset, targetNanoseconds: 200, naive: naiveOffset),
      BenchmarkRow(
        job: "6b. zone: a reading resolved", ours: resolved, targetNanoseconds: 500, naive: naiveResolved),
      BenchmarkRow(
        job: "6c. zone: found by name", ours: lookup, targetNanoseconds: 2_000, naive: naiveLookup),
    ]
  }
}

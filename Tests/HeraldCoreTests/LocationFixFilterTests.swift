import Foundation
import HeraldCore
import HeraldTestSupport
import Testing

/// Which fixes reach the proximity monitor: none vaguer than the maximum accuracy (default 50 m),
/// none older than the last one taken.
@Suite struct LocationFixFilterTests {
  static let start = Fixtures.instant("2026-06-01T10:00:00Z")
  static let here = Fixtures.coordinate(45.2735, 13.7141)

  static func fix(_ seconds: Double, accuracy: Double?) -> LocationFix {
    LocationFix(coordinate: here, timestamp: start.addingTimeInterval(seconds), horizontalAccuracy: accuracy)
  }

  @Test(arguments: [
    (Double?.none, true), (0, true), (5, true), (50, true), (50.001, false), (1_500, false), (.nan, false),
    (-1, false), (.infinity, false),
  ])
  func accuracyUpToTheMaximumIsTaken(accuracy: Double?, taken: Bool) {
    var filter = LocationFixFilter()
    #expect(filter.maximumAccuracy == 50)
    #expect((filter.admit(Self.fix(0, accuracy: accuracy)) == nil) == taken)
  }

  @Test func theMaximumIsASetting() {
    var filter = LocationFixFilter(maximumAccuracy: 2_000)
    #expect(filter.admit(Self.fix(0, accuracy: 1_500)) == nil)
  }

  @Test func aFixOlderThanTheLastTakenIsSkippedAndTheSameTimeIsNot() {
    var filter = LocationFixFilter()
    #expect(filter.admit(Self.fix(10, accuracy: 5)) == nil)
    #expect(
      filter.admit(Self.fix(9, accuracy: 5))
        == .backwards(time: Self.start + 9, last: Self.start + 10))
    #expect(filter.admit(Self.fix(10, accuracy: 5)) == nil)
    // A rejected fix does not move the last time.
    #expect(filter.admit(Self.fix(100, accuracy: 500)) != nil)
    #expect(filter.admit(Self.fix(11, accuracy: 5)) == nil)
    #expect(filter.lastTimestamp == Self.start + 11)
  }
}

import Foundation
import HeraldCore
import HeraldInterchange
import HeraldTestSupport
import Testing

/// A delivery made by a server's worker and shown by a desktop following it: its line read back
/// exactly, and shown now — late when more than 5 s after its time, not at all past the grace
/// window (12 h), as the daemon decides for its own reminders.
@Suite struct DeliveryRelayTests {
  static let fire = Fixtures.instant("2026-11-23T08:55:00Z")
  /// A line as the stream carries it (the webhook's body), with text that is data.
  static let line =
    #"{"id": "focus-block-start-b1", "category": "focus-block-start", "fireDate": "2026-11-23T08:55:00Z", "title": "Focus Block startet gleich", "body": "<b>Deep</b> & \"Work\"\n\\ beginnt in 5 Minuten", "interruptionLevel": "timeSensitive", "sound": null, "userInfo": {"blockID": "b1"}, "deliveredAt": "2026-11-23T08:55:00.012Z", "late": false, "user": "ada", "language": "en"}"#

  @Test func aStreamedLineIsReadBackExactly() throws {
    let delivery = try DeliveryLine.parse(Self.line)
    #expect(delivery.key == DeliveryKey(requestID: "focus-block-start-b1", fireDate: Self.fire))
    #expect(delivery.content.title == "Focus Block startet gleich")
    #expect(delivery.content.body == "<b>Deep</b> & \"Work\"\n\\ beginnt in 5 Minuten")
    #expect(delivery.content.interruptionLevel == .timeSensitive)
    #expect(delivery.content.sound == nil)
    #expect(delivery.content.userInfo == ["blockID": "b1"])
    #expect(delivery.language == .en)
    #expect(delivery.late == false)
    // Written again it is the same line, less the keys that are not a delivery line's.
    let written = DeliveryLine.text(delivery)
    #expect(
      written
        == Self.line.replacingOccurrences(of: #", "user": "ada", "language": "en""#, with: ""))
  }

  @Test(arguments: [
    (#"{"id": "x"}"#, "interruptionLevel: required"),
    (#"{"interruptionLevel": "loud"}"#, #"interruptionLevel: unknown level "loud""#),
    ("[1]", "expected an object, got an array"),
    ("{", "line 1, column 2"),
  ])
  func aDamagedLineNamesTheField(line: String, problem: String) {
    #expect {
      _ = try DeliveryLine.parse(line)
    } throws: { error in
      "\(error)".contains(problem)
    }
  }

  /// (seconds after its time when it reaches the desktop, shown?, late?)
  static let relays: [(Double, Bool, Bool)] = [
    (0, true, false), (5, true, false), (5.001, true, true), (3600, true, true),
    (12 * 3600, true, true), (12 * 3600 + 0.001, false, false),
  ]

  @Test(arguments: relays)
  func aRelayedDeliveryIsShownLateOrNotAtAllByTheDaemonsRule(after: Double, shown: Bool, late: Bool) throws {
    let delivery = try DeliveryLine.parse(Self.line)
    let now = Self.fire.addingTimeInterval(after)
    let relayed = DeliveryPolicy().relay(delivery, at: now)
    #expect((relayed != nil) == shown)
    if let relayed {
      #expect(relayed.late == late)
      #expect(relayed.deliveredAt == now)
    }
  }

  @Test func aDeliveryTheWorkerMarkedLateStaysLate() throws {
    var delivery = try DeliveryLine.parse(Self.line)
    delivery.late = true
    #expect(DeliveryPolicy().relay(delivery, at: Self.fire)?.late == true)
  }
}

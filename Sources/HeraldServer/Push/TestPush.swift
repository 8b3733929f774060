import Foundation
import HeraldCore
import HeraldPush

/// The push the settings page's "Send a test push" sends to the device it is on: a reminder of
/// its own kind (no buttons; a tap opens Today), in the page's language, shown as a standard one.
enum TestPush {
  /// Its request id: the `tag` a second test replaces the first with.
  static let requestID = "herald-test-push"
  /// How long the button waits for the push service's word before saying it is still trying.
  static let patience = Duration.seconds(15)

  /// What came of a press.
  enum Result: Sendable {
    case done(PushOutcome)
    case noDevice
    case stillTrying
  }

  static func delivery(texts: PageTexts, at now: Date) -> Delivery {
    let content = NotificationContent(
      title: texts.testPushTitle, body: texts.testPushBody, categoryIdentifier: requestID)
    return Delivery(
      notification: PlannedNotification(identifier: requestID, content: content, fireDate: now, now: now),
      deliveredAt: now, late: false, language: texts.language)
  }
}

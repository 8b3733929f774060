import Foundation
import HeraldCore

/// The notifications with buttons that the desktop sink put on screen, by the id the server gave
/// each. A button press is heard from `notify-send` and from the bus; whichever takes the
/// notification out first handles it, so it is handled once.
final class ShownNotifications: @unchecked Sendable {
  private let lock = NSLock()
  private var byID: [UInt32: PlannedNotification] = [:]

  func insert(_ notification: PlannedNotification, id: UInt32) {
    lock.withLock { byID[id] = notification }
  }

  /// Removes and returns the notification shown with `id`, if it is still waiting for a press.
  func take(_ id: UInt32) -> PlannedNotification? {
    lock.withLock { byID.removeValue(forKey: id) }
  }
}

import Foundation
import HeraldCore

/// The Live Activity as one resident desktop notification: the block's title, the minutes left,
/// the current task and done/total, with the `value` hint as a progress bar where the server
/// draws one. Updated in place (the same id, `replaces_id`); closed when the block ends. A user
/// who closes it is left alone until the next block.
public actor DesktopLiveActivity: LiveActivityPresenter {
  /// Its slot among the desktop's notifications.
  public static let slot = "focus-activity"

  private let notifier: DesktopNotifier
  /// The block shown, and whether the user closed it.
  private var block: String?
  private var dismissed = false

  init(notifier: DesktopNotifier) {
    self.notifier = notifier
  }

  public func show(_ activity: FocusActivity, now: Date, language: Language) async {
    if block != activity.attributes.blockID {
      block = activity.attributes.blockID
      dismissed = false
    } else if !dismissed, await !notifier.isShown(Self.slot) {
      dismissed = await notifier.wasDismissed(Self.slot)
    }
    guard !dismissed else { return }
    _ = try? await notifier.show(slot: Self.slot) { server in
      LiveActivityRendering.request(activity, now: now, texts: Texts(language), on: server)
    }
  }

  public func end() async {
    block = nil
    dismissed = false
    await notifier.close(slots: [Self.slot])
  }
}

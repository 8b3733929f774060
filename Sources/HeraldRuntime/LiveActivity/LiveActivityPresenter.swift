import Foundation
import HeraldCore

/// Where `herald run` shows the running focus block while it runs: the desktop's counterpart of
/// the lock-screen Live Activity (spec 002). The daemon's `LiveActivityDriver` says when.
public protocol LiveActivityPresenter: Sendable {
  /// Shows `activity` as of `now`, in place of what was shown before.
  func show(_ activity: FocusActivity, now: Date, language: Language) async
  /// Takes it off the screen: the block ended, the setting was turned off, or the daemon stops.
  func end() async
}

import Foundation
import HeraldCore

/// One plain line per frame: `Deep Work · 12:34 left · Steuererklärung · 2/5 · 45%`; an empty
/// line when no block runs, so a reader counting lines still sees every second.
public struct TextRenderer: LiveRenderer {
  private let texts: Texts

  public init(language: Language = .en) { texts = Texts(language) }

  public func frame(_ activity: FocusActivity?, now: Date, isFirst: Bool) -> String {
    guard let activity else { return "" }
    let status = LiveStatus(activity, now: now)
    let parts = [
      status.title, texts.timeLeft(status.remaining), status.currentTask, status.tally, "\(status.percent)%",
    ]
    return parts.compactMap(\.self).joined(separator: " · ")
  }
}

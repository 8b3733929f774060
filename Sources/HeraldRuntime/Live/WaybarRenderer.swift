import Foundation
import HeraldCore
import HeraldInterchange

/// Waybar's custom-module format (`"return-type": "json"`): one object per line with `text`,
/// `tooltip`, `class` and `percentage`. The class is `focus`, `ending` in the last minute, or
/// `idle` with empty text when no block runs, so the module hides itself and CSS can style each.
public struct WaybarRenderer: LiveRenderer {
  private let texts: Texts

  public init(language: Language = .en) { texts = Texts(language) }

  public func frame(_ activity: FocusActivity?, now: Date, isFirst: Bool) -> String {
    guard let activity else {
      return Self.line(text: "", tooltip: "", className: "idle", percentage: 0)
    }
    let status = LiveStatus(activity, now: now)
    let tooltip = [
      "\(status.title) · \(texts.timeLeft(status.remaining))", status.currentTask,
      status.tally.map(texts.tasksDone),
    ]
    return Self.line(
      text: "\(status.title) \(status.remaining)",
      tooltip: tooltip.compactMap(\.self).joined(separator: "\n"),
      className: status.isEnding ? "ending" : "focus", percentage: status.percent)
  }

  private static func line(text: String, tooltip: String, className: String, percentage: Int) -> String {
    let object = JSONValue.object([
      .init("text", .string(text)), .init("tooltip", .string(tooltip)), .init("class", .string(className)),
      .init("percentage", .number(Double(percentage))),
    ])
    return JSONWriter.string(object, pretty: false)
  }
}

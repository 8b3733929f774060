import Foundation
import HeraldCore
import HeraldInterchange

/// Waybar's custom-module format (`"return-type": "json"`): one object per line with `text`,
/// `tooltip`, `class` and `percentage`. The class is `focus`, `ending` in the last minute, or
/// `idle` with empty text when no block runs, so the module hides itself and CSS can style each.
///
/// Waybar reads `text` and `tooltip` as Pango markup: titles are escaped (an `&` would otherwise
/// make Gtk refuse the update and freeze the module), and shortened for the bar.
public struct WaybarRenderer: LiveRenderer {
  private let texts: Texts

  public init(language: Language = .en) { texts = Texts(language) }

  public func frame(_ activity: FocusActivity?, next: FocusBlock?, now: Date, isFirst: Bool) -> String {
    guard let activity else {
      return Self.line(text: "", tooltip: "", className: "idle", percentage: 0)
    }
    let status = LiveStatus(activity, now: now)
    let tooltip = [
      "\(status.title(toFit: DisplayText.titleLength)) · \(texts.timeLeft(status.remaining))",
      status.currentTask(toFit: DisplayText.titleLength), status.tally.map(texts.tasksDone),
    ]
    return Self.line(
      text: Markup.escaped("\(status.title(toFit: DisplayText.statusBarTitleLength)) \(status.remaining)"),
      tooltip: Markup.escaped(tooltip.compactMap(\.self).joined(separator: "\n")),
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

import Foundation
import HeraldCore
import HeraldInterchange

/// A picture of today, as SVG inside the page: the hours down the side, the focus blocks beside
/// them as bars labelled with their titles, and a mark for each reminder that fires today, coloured
/// by its style, with its text as the mark's tooltip. Drawn without a viewBox, in CSS pixels, so
/// its text is as large on a phone as on a desktop (13 px); the bars' widths are percentages of
/// the page's. Colours come from the stylesheet (classes), so the picture obeys the content
/// security policy.
struct DayTimeline {
  let state: PlanningState
  let plan: Plan
  let now: Date
  let texts: PageTexts

  /// Pixels an hour takes.
  static let hourHeight = 30.0
  /// The hours shown start here, or earlier when something happens earlier.
  static let firstHour = 6
  static let top = 10.0
  /// Where the reminders' marks stand, and where the blocks begin.
  static let markX = 50.0
  static let blockX = 64.0
  /// The longest title a bar shows (shortened for display only, with an ellipsis).
  static let titleLength = 28

  func render() -> HTML {
    let zone = state.timeZone
    let day = zone.day(at: now)
    let start = zone.instant(on: day, at: .midnight)
    let end = zone.instant(on: day.adding(days: 1), at: .midnight)
    let blocks = state.focusBlocks.filter { $0.end > start && $0.start < end }.sorted { $0.start < $1.start }
    let reminders = plan.pending.filter { $0.fireDate >= start && $0.fireDate < end }
    let earliest = (blocks.map { max($0.start, start) } + reminders.map(\.fireDate)).min()
    let first = min(Self.firstHour, earliest.map { zone.time(at: $0).hour } ?? Self.firstHour)
    let span = end.timeIntervalSince(start)
    let hours = 24 - first
    func y(_ date: Date) -> Double {
      let fraction = min(max(date.timeIntervalSince(start) / span, 0), 1) * 24 - Double(first)
      return Self.top + max(fraction, 0) * Self.hourHeight
    }
    func px(_ value: Double) -> String { String(format: "%.1f", value) }
    let height = Self.top * 2 + Double(hours) * Self.hourHeight
    let lines: [HTML] = (first...24).map { hour in
      let at = Self.top + Double(hour - first) * Self.hourHeight
      let label: HTML =
        hour < 24 ? "<text class=\"hour\" x=\"4\" y=\"\(px(at))\">\(CivilDate.pad(hour, 2)):00</text>" : ""
      return "<line class=\"tick\" x1=\"44\" x2=\"100%\" y1=\"\(px(at))\" y2=\"\(px(at))\"/>\(label)"
    }
    let bars: [HTML] = blocks.map { block in
      let top = y(max(block.start, start))
      let bottom = y(min(block.end, end))
      let shown =
        block.title.count > Self.titleLength
        ? String(block.title.prefix(Self.titleLength - 1)) + "…" : block.title
      let label: HTML =
        // Centred in a short bar (half an hour is 15 px), near the top of a long one.
        bottom - top >= 12
        ? "<text class=\"block-label\" x=\"\(Int(Self.blockX) + 8)\" y=\"\(px(top + min((bottom - top) / 2, 12)))\">\(shown)</text>"
        : ""
      return """
        <g class="timeline-block" data-id="\(block.id)"><rect class="block\(block.end <= now ? " past" : "")" \
        x="\(Int(Self.blockX))" y="\(px(top))" width="70%" height="\(px(max(bottom - top, 2)))" rx="4">\
        <title>\(zone.time(at: block.start).description)–\(zone.time(at: block.end).description) \(block.title)</title>\
        </rect>\(label)</g>
        """
    }
    let marks: [HTML] = reminders.map { planned in
      let style = NotificationStyle(shownAs: planned.content.interruptionLevel)
      let time = zone.time(at: planned.fireDate).description
      return """
        <circle class="reminder \(style.rawValue)" cx="\(Int(Self.markX))" cy="\(px(y(planned.fireDate)))" r="5" \
        data-id="\(planned.identifier)"><title>\(time) \(texts.core.label(style)): \(planned.content.title) — \
        \(planned.content.body)</title></circle>
        """
    }
    let nowLine: HTML =
      now >= start && now < end
      ? "<line class=\"now\" x1=\"40\" x2=\"100%\" y1=\"\(px(y(now)))\" y2=\"\(px(y(now)))\"/>" : ""
    return """
      <figure id="day-timeline">
      <svg xmlns="http://www.w3.org/2000/svg" width="100%" height="\(Int(height))" role="img" \
      aria-label="\(texts.dayTimeline)">
      \(lines)\(nowLine)\(bars)\(marks)
      </svg>
      <figcaption>\(texts.dayTimeline), \(texts.date(day))</figcaption>
      </figure>
      """
  }
}

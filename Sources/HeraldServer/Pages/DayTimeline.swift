import Foundation
import HeraldCore
import HeraldInterchange

/// A picture of today, as SVG inside the page: the hours, the focus blocks as bars, and a mark for
/// each reminder that fires today, coloured by its style, with its text as the mark's tooltip.
/// Colours come from the stylesheet (classes), so the picture obeys the content security policy.
struct DayTimeline {
  let state: PlanningState
  let plan: Plan
  let now: Date
  let texts: PageTexts

  static let width = 720.0
  static let height = 96.0
  static let margin = 12.0

  func render() -> HTML {
    let zone = state.timeZone
    let day = zone.day(at: now)
    let start = zone.instant(on: day, at: .midnight)
    let end = zone.instant(on: day.adding(days: 1), at: .midnight)
    let span = end.timeIntervalSince(start)
    func x(_ date: Date) -> String {
      let fraction = min(max(date.timeIntervalSince(start) / span, 0), 1)
      return String(format: "%.1f", Self.margin + fraction * (Self.width - 2 * Self.margin))
    }
    let hours: [HTML] = stride(from: 0, through: 24, by: 3).map { hour in
      let at = start.addingTimeInterval(Double(hour) * span / 24)
      return """
        <line class="tick" x1="\(x(at))" x2="\(x(at))" y1="20" y2="76"/>\
        <text class="hour" x="\(x(at))" y="90">\(CivilDate.pad(hour, 2))</text>
        """
    }
    let blocks: [HTML] = state.focusBlocks.filter { $0.end > start && $0.start < end }.map { block in
      let left = x(max(block.start, start))
      let right = x(min(block.end, end))
      let width = String(format: "%.1f", max((Double(right) ?? 0) - (Double(left) ?? 0), 1))
      return """
        <rect class="block" x="\(left)" y="24" width="\(width)" height="18" rx="3"><title>\(block.title)</title></rect>
        """
    }
    let marks: [HTML] = plan.pending.filter { $0.fireDate >= start && $0.fireDate < end }.map { planned in
      let style = NotificationStyle(shownAs: planned.content.interruptionLevel)
      let time = zone.time(at: planned.fireDate).description
      return """
        <circle class="reminder \(style.rawValue)" cx="\(x(planned.fireDate))" cy="58" r="6" data-id="\(planned.identifier)">\
        <title>\(time) \(texts.core.label(style)): \(planned.content.title) — \(planned.content.body)</title></circle>
        """
    }
    return """
      <figure id="day-timeline">
      <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(Int(Self.width)) \(Int(Self.height))" role="img" \
      aria-label="\(texts.dayTimeline)">
      <line class="axis" x1="\(Int(Self.margin))" x2="\(Int(Self.width - Self.margin))" y1="76" y2="76"/>
      \(hours)\(blocks)\(marks)
      <line class="now" x1="\(x(now))" x2="\(x(now))" y1="16" y2="80"/>
      </svg>
      <figcaption>\(texts.dayTimeline), \(LocalInstant.format(start, zone: zone).prefix(10).description)</figcaption>
      </figure>
      """
  }
}

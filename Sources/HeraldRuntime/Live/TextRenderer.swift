import Foundation
import HeraldCore
import HeraldInterchange

/// One plain line per frame: `Deep Work · 12:34 left · Steuererklärung · 2/5 · 45%`. While no
/// block runs it says so, and names the next one: `no focus block running — next: Deep Work at
/// 14:00`.
///
/// Given a terminal's width, the line fits it: the title is shortened first (whole words, an
/// ellipsis), then the line. Control characters in titles are never written to the terminal.
public struct TextRenderer: LiveRenderer {
  private let texts: Texts
  private let zone: Zone
  private let width: @Sendable () -> Int?

  /// Words in `language`, times in `timeZone`; `width` is read at each frame (a terminal can be
  /// resized), `nil` for no limit.
  public init(
    language: Language = .en, timeZone: Zone = .utc,
    width: @escaping @Sendable () -> Int? = { nil }
  ) {
    texts = Texts(language)
    zone = timeZone
    self.width = width
  }

  public func frame(_ activity: FocusActivity?, next: FocusBlock?, now: Date, isFirst: Bool) -> String {
    guard let activity else { return idle(next: next, now: now) }
    let status = LiveStatus(activity, now: now)
    let rest: [String?] = [
      texts.timeLeft(status.remaining), status.currentTask(toFit: DisplayText.titleLength), status.tally,
      "\(status.percent)%",
    ]
    return fitted(title: status.title(toFit: DisplayText.titleLength)) { title in
      ([title] + rest).compactMap(\.self).joined(separator: " · ")
    }
  }

  /// `no focus block running — next: Deep Work at 14:00`: the time alone on the same day, with
  /// the date on another.
  private func idle(next: FocusBlock?, now: Date) -> String {
    guard let next else { return fitted(title: "") { _ in texts.noBlockRunning } }
    let time =
      zone.day(at: next.start) == zone.day(at: now)
      ? zone.time(at: next.start).description : LocalInstant.format(next.start, zone: zone)
    let title = DisplayText.shortened(
      DisplayText.printable(next.title, singleLine: true), toFit: DisplayText.titleLength)
    return fitted(title: title) { title in "\(texts.noBlockRunning) — \(texts.nextBlock(title, at: time))" }
  }

  /// The line `layout` makes of the title, shortened until it fits the width: the title first,
  /// down to a few characters, then the whole line.
  private func fitted(title: String, _ layout: (String) -> String) -> String {
    let line = layout(title)
    guard let limit = width(), limit > 0, TerminalColumns.of(line) > limit else { return line }
    let others = TerminalColumns.of(layout(""))
    let room = max(limit - others, min(8, TerminalColumns.of(title)))
    let shorter = layout(DisplayText.shortened(title, toFit: room, width: TerminalColumns.of))
    return DisplayText.shortened(shorter, toFit: limit, width: TerminalColumns.of)
  }
}

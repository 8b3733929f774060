import Foundation
import HeraldCore

/// Where the live countdown goes: each status bar reads its own protocol, a terminal reads text.
public enum LiveFormat: String, Sendable, CaseIterable {
  /// Waybar's custom module: one JSON object per line (text, tooltip, class, percentage).
  case waybar
  /// The i3bar/swaybar protocol: a header, then an endless JSON array of block arrays.
  case i3bar
  /// One plain line per second, for a terminal (updated in place) or a script.
  case text

  /// The renderer that writes this format, its words in `language` and its times in `timeZone`;
  /// a text line fits in `width` columns (a terminal's, read at each frame).
  public func renderer(
    language: Language = .en, timeZone: Zone = .utc,
    width: @escaping @Sendable () -> Int? = { nil }
  ) -> any LiveRenderer {
    switch self {
    case .waybar: WaybarRenderer(language: language)
    case .i3bar: I3barRenderer()
    case .text: TextRenderer(language: language, timeZone: timeZone, width: width)
    }
  }
}

import Foundation
import HeraldCore
import HeraldInterchange

/// The i3bar/swaybar protocol: the header `{"version": 1}` and the opening `[` of an endless
/// array, then one array of blocks per line, each after the first prefixed with `,`. With no block
/// running the array is empty, which keeps the stream valid and the bar blank.
///
/// The blocks set no `markup`, so i3bar shows `full_text` as plain text: titles need no escaping
/// beyond JSON's, and are shortened for the bar.
public struct I3barRenderer: LiveRenderer {
  /// The block's `name`, so a bar's click events and a merged status line can tell it apart.
  public static let blockName = "herald"

  public init() {}

  public var preamble: [String] {
    [JSONWriter.string(.object([.init("version", .number(1))]), pretty: false), "["]
  }

  public func frame(_ activity: FocusActivity?, next: FocusBlock?, now: Date, isFirst: Bool) -> String {
    var blocks: [JSONValue] = []
    if let activity {
      let status = LiveStatus(activity, now: now)
      let title = status.title(toFit: DisplayText.statusBarTitleLength)
      let full = [
        title, status.remaining, status.currentTask(toFit: DisplayText.statusBarTitleLength), status.tally,
      ]
      blocks.append(
        .object([
          .init("full_text", .string(full.compactMap(\.self).joined(separator: " · "))),
          .init("short_text", .string("\(title) \(status.remaining)")),
          .init("name", .string(Self.blockName)),
          .init("instance", .string(activity.attributes.blockID)),
          .init("urgent", .bool(status.isEnding)),
        ]))
    }
    let line = JSONWriter.string(.array(blocks), pretty: false)
    return isFirst ? line : "," + line
  }
}

import Foundation
import HeraldCore
import HeraldInterchange
import HeraldStore

/// Reads a followed calendar's items from its source as it is now: a local `.ics` file is one
/// item, a vdir folder one item per `.ics` file in it.
public enum CalendarSourceReader {
  /// The items of `calendar`'s source, in a stable order. Errors name the file and the problem.
  public static func read(_ calendar: FollowedCalendar) async throws(FieldError) -> [CalendarItem] {
    switch calendar.kind {
    case .file:
      return [CalendarItem(href: "", data: try InputFile.contents(of: calendar.source))]
    case .vdir:
      return try readFolder(calendar.source)
    case .feed, .caldav:
      throw FieldError(calendar.source, "calendars on the web are not supported yet")
    }
  }

  /// Which kind of source `source` is, from its form and what is on disk.
  public static func kind(of source: String) throws(FieldError) -> FollowedCalendar.Kind {
    let lowered = source.lowercased()
    if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") {
      throw FieldError(source, "calendars on the web are not supported yet")
    }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: source, isDirectory: &isDirectory) else {
      throw FieldError(source, "no such file or folder")
    }
    return isDirectory.boolValue ? .vdir : .file
  }

  /// The path messages name an item by: the file itself, or the vdir file inside its folder.
  public static func path(of item: CalendarItem, in calendar: FollowedCalendar) -> String {
    item.href.isEmpty ? calendar.source : (calendar.source as NSString).appendingPathComponent(item.href)
  }

  private static func readFolder(_ folder: String) throws(FieldError) -> [CalendarItem] {
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: folder)
    } catch {
      throw FieldError(folder, "cannot list the folder")
    }
    // vdir: items are the `.ics` files; dot files are the syncer's own (`.vdirsyncer` state, temp).
    var items: [CalendarItem] = []
    for name in names.sorted() where name.lowercased().hasSuffix(".ics") && !name.hasPrefix(".") {
      let path = (folder as NSString).appendingPathComponent(name)
      items.append(CalendarItem(href: name, data: try InputFile.contents(of: path)))
    }
    return items
  }
}

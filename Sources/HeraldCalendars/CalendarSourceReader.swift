import Foundation
import HeraldContracts
import HeraldCore
import HeraldInterchange
import HeraldSQLite

/// Reads a followed calendar's items from its source as it is now: a local `.ics` file is one
/// item, a vdir folder one item per `.ics` file in it, a feed one item, a CalDAV collection one
/// item per member (`CalDAVReader`).
public enum CalendarSourceReader {
  /// How long one read of a calendar on the web may take, from its first request to the last
  /// byte of its last answer: a feed's one `GET`, a CalDAV collection's up to four requests.
  /// Total, not per packet, so a server sending a byte a second is given up on as surely as
  /// one that never answers.
  public static let webReadTimeout: Duration = .seconds(30)

  /// The items of `calendar`'s source, in a stable order, and a CalDAV collection's sync token;
  /// `previous` is the last good copy, which a web source may answer is unchanged. Errors name the
  /// file or URL and the problem. A source on the web must be read by `deadline`.
  public static func read(
    _ calendar: FollowedCalendar, previous: [CalendarItem] = [], now: Date,
    deadline: ContinuousClock.Instant = .now + webReadTimeout
  ) async throws(FieldError) -> (items: [CalendarItem], syncToken: String?) {
    switch calendar.kind {
    case .file:
      return (
        [
          CalendarItem(
            href: "", data: try InputFile.contents(of: calendar.source, limit: ICalendarReader.largestFile))
        ], nil
      )
    case .vdir:
      return (try readFolder(calendar.source), nil)
    case .feed:
      let read = try await CalDAVReader.readFeed(calendar, previous: previous, deadline: deadline)
      return (read.items, nil)
    case .caldav:
      let read = try await CalDAVReader.readCollection(
        calendar, previous: previous, now: now, deadline: deadline)
      return (read.items, read.syncToken)
    }
  }

  /// Whether `source` is on the web (`http(s)://`).
  public static func isURL(_ source: String) -> Bool {
    let lowered = source.lowercased()
    return lowered.hasPrefix("http://") || lowered.hasPrefix("https://")
  }

  /// Which kind of source `calendar.source` is: for a URL, as the server answers by `deadline`;
  /// else from what is on disk.
  public static func kind(
    of calendar: FollowedCalendar, deadline: ContinuousClock.Instant = .now + webReadTimeout
  ) async throws(FieldError) -> FollowedCalendar.Kind {
    if isURL(calendar.source) { return try await CalDAVReader.kind(of: calendar, deadline: deadline) }
    let source = calendar.source
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: source, isDirectory: &isDirectory) else {
      throw FieldError(source, "no such file or folder")
    }
    return isDirectory.boolValue ? .vdir : .file
  }

  /// The path messages name an item by: the file itself, or the vdir file inside its folder.
  public static func path(of item: CalendarItem, in calendar: FollowedCalendar) -> String {
    if isURL(calendar.source) { return item.href.isEmpty ? calendar.source : item.href }
    return item.href.isEmpty
      ? calendar.source : (calendar.source as NSString).appendingPathComponent(item.href)
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
      items.append(
        CalendarItem(href: name, data: try InputFile.contents(of: path, limit: ICalendarReader.largestFile)))
    }
    return items
  }
}

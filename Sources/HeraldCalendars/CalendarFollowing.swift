import Foundation
import HeraldContracts
import HeraldCore
import HeraldSQLite

/// Following a new calendar, from the command line (`herald calendar add`) or the settings page:
/// the source is read once at once, and only a source that reads and plans whole is added.
public enum CalendarFollowing {
  /// The fields a problem is named by: the command's (`SOURCE`, `--name`) or a form's.
  public struct Fields: Sendable {
    public var source: String
    public var name: String

    public init(source: String, name: String) {
      self.source = source
      self.name = name
    }

    public static let command = Fields(source: "SOURCE", name: "--name")
  }

  /// Follows `source` (a CalDAV or feed URL, an `.ics` file or a vdir folder); returns the calendar
  /// with its new id. A path is kept absolute: the daemon reads it from wherever it runs.
  public static func add(
    source: String, name: String?, username: String?, passwordFile: String?, store: SQLiteStore, now: Date,
    timeZone: Zone, fields: Fields = .command
  ) async throws -> FollowedCalendar {
    guard !source.isEmpty else { throw FieldError(fields.source, "must not be empty") }
    if let name, name.isEmpty || name.count > 200 {
      throw FieldError(fields.name, "expected 1–200 characters")
    }
    let path =
      CalendarSourceReader.isURL(source) ? source : URL(fileURLWithPath: source).standardizedFileURL.path
    var calendar = FollowedCalendar(
      name: name ?? defaultName(path), kind: .file, source: path, username: username,
      passwordFile: passwordFile.map { URL(fileURLWithPath: $0).standardizedFileURL.path })
    // One deadline for both: finding out what the source is and reading it are one read to the
    // person waiting for `calendar add`.
    let deadline = ContinuousClock.now + CalendarSourceReader.webReadTimeout
    calendar.kind = try await CalendarSourceReader.kind(of: calendar, deadline: deadline)
    let read = try await CalendarSync.read(calendar, now: now, timeZone: timeZone, deadline: deadline)
    calendar.syncToken = read.syncToken
    return try store.addCalendar(calendar, items: read.items, readAt: now)
  }

  /// `work.ics` → `work`; a folder's own name.
  public static func defaultName(_ path: String) -> String {
    let last = (path as NSString).lastPathComponent
    let stem = last.lowercased().hasSuffix(".ics") ? String(last.dropLast(4)) : last
    return stem.isEmpty ? path : stem
  }
}

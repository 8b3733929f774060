import Foundation
import HeraldContracts
import HeraldCore
import HeraldInterchange
import HeraldSQLite

#if canImport(Glibc)
  import Glibc
#endif

/// Writes focus blocks back to a followed CalDAV or vdir calendar (`contracts/calendar.md`), as the
/// specs' app writes them to EventKit: `block add … --calendar ID` creates the event (its `UID` the
/// block's id), and an edit or removal through Herald of a block that lives in a calendar changes
/// the event there. Each change is guarded by what was last read — the ETag (`If-Match`) on a
/// CalDAV server, the file's bytes in a vdir folder — so an event another client changed meanwhile
/// is said, never overwritten. After each write the calendar is read again: the plan follows at once.
public struct CalendarBlockWriter: Sendable {
  let store: SQLiteStore
  let timeZone: Zone

  public init(store: SQLiteStore, timeZone: Zone) {
    self.store = store
    self.timeZone = timeZone
  }

  /// Creates the block as a new event in calendar `calendarID`; without an `id`, a new UUID (a
  /// calendar's `UID` must be unique beyond Herald). Returns the block as the plan now has it.
  public func add(id: String?, title: String, start: Date, end: Date, to calendarID: String, now: Date)
    async throws -> FocusBlock
  {
    guard let calendar = try store.calendars().first(where: { $0.id == calendarID }) else {
      throw RecordError.notFound("calendar \(calendarID)", "no such calendar")
    }
    try Self.checkWritable(calendar)
    // Checked against every block, Herald's own and the calendars': ids must stay unique.
    var state = try CalendarPlanning.planningState(store: store, timeZone: timeZone, now: now).state
    let block = try state.addFocusBlock(
      id: id ?? UUID().uuidString.lowercased(), title: title, start: start, end: end, taskIDs: [])
    let document = ICalendarBlockEvent.document(for: block, now: now)
    let name = Self.fileName(block.id)
    switch calendar.kind {
    case .caldav:
      let http = try CalendarHTTP(calendar)
      let collection = calendar.source.hasSuffix("/") ? calendar.source : calendar.source + "/"
      let response = try await http.send(
        "PUT",
        to: URL(string: name, relativeTo: URL(string: collection))?.absoluteString ?? collection + name,
        headers: ["If-None-Match": "*"], body: String(decoding: document, as: UTF8.self),
        contentType: "text/calendar; charset=utf-8")
      if response.status == 412 {
        throw RecordError.alreadyExists("event \(block.id) in calendar \(calendar.id)")
      }
      guard (200..<300).contains(response.status) else { throw http.refused(response, "PUT") }
    default:
      let path = (calendar.source as NSString).appendingPathComponent(name)
      guard try Self.writeFile(document, to: path, replacing: false) else {
        throw RecordError.alreadyExists("event \(block.id) in calendar \(calendar.id)")
      }
    }
    await reread(calendar, now: now)
    return block
  }

  /// Changes the block `id` in the calendar event that holds it as `change` edits it (checked as
  /// a new block is); `nil` when no followed calendar holds it.
  public func edit(id: String, now: Date, _ change: (inout FocusBlock) -> Void) async throws -> FocusBlock? {
    guard let found = try locate(id) else { return nil }
    // The event's own start, end and title, whenever it is (not only within the plan's window).
    let all = try CalendarImport.merge(
      [CalendarImport.File(path: found.path, calendars: found.document)],
      into: PlanningState(timeZone: timeZone),
      now: Date(timeIntervalSince1970: 0), horizonDays: 200 * 366)
    guard let current = all.focusBlocks.first(where: { $0.id == id }) else { return nil }
    var check = PlanningState(timeZone: timeZone)
    check.focusBlocks = [current]
    let block = try check.updateFocusBlock(id: id, change)
    guard block.taskIDs.isEmpty else {
      throw FieldError("taskIDs", "a block in a calendar has no Herald tasks (calendar \(found.calendar.id))")
    }
    try await replace(
      found, with: ICalendarBlockEvent.edit(found.document, uid: id, to: block, now: now), now: now)
    return block
  }

  /// Removes the event of block `id` from its calendar; `false` when no followed calendar holds it.
  public func remove(id: String, now: Date) async throws -> Bool {
    guard let found = try locate(id) else { return false }
    try await replace(found, with: nil, now: now)
    return true
  }

  /// Where an event was last read: its calendar, its item there and the item's document.
  private struct Located {
    var id: String
    var calendar: FollowedCalendar
    var item: CalendarItem
    var path: String
    var document: [ICalendarComponent]
  }

  /// The single, writable event `id` in the last good copies; a series (or one of its instances,
  /// `{UID}/{RID}`) and an event in a read-only calendar are refused.
  private func locate(_ id: String) throws -> Located? {
    for calendar in try store.calendars() {
      for item in try store.calendarItems(calendar.id) {
        let path = CalendarSourceReader.path(of: item, in: calendar)
        // Every kept copy was read whole once; one that no longer reads holds nothing to edit.
        guard let document = try? ICalendarReader.read(item.data, path: path) else { continue }
        let uids = document.flatMap(\.components).filter { $0.name == "VEVENT" }.compactMap(\.uid)
        if uids.contains(where: { id.hasPrefix($0 + "/") })
          || ICalendarBlockEvent.find(id, in: document).recurring
        {
          throw RecordError(
            .conflict, subject: "block \(id)",
            problem:
              "is part of a recurring event in calendar \(calendar.id); change the series in the calendar itself"
          )
        }
        guard uids.contains(id) else { continue }
        try Self.checkWritable(calendar, blockID: id)
        return Located(id: id, calendar: calendar, item: item, path: path, document: document)
      }
    }
    return nil
  }

  /// Writes `data` over the event's item (`nil`: removes it), if it is still what was last read.
  private func replace(_ found: Located, with data: Data?, now: Date) async throws {
    let calendar = found.calendar
    let changedMeanwhile = RecordError(
      .conflict, subject: "block \(found.id)",
      problem:
        "its event in calendar \(calendar.id) was changed by another client since Herald last read it; not overwritten (`herald calendar sync \(calendar.id)` reads the new version)"
    )
    switch calendar.kind {
    case .caldav:
      guard let etag = found.item.etag else { throw changedMeanwhile }
      let http = try CalendarHTTP(calendar)
      let target = http.resolve(found.item.href)
      let response =
        if let data {
          try await http.send(
            "PUT", to: target, headers: ["If-Match": etag], body: String(decoding: data, as: UTF8.self),
            contentType: "text/calendar; charset=utf-8")
        } else {
          try await http.send("DELETE", to: target, headers: ["If-Match": etag])
        }
      // 412: the ETag no longer matches; 404: another client removed it.
      if [404, 412].contains(response.status) { throw changedMeanwhile }
      guard (200..<300).contains(response.status) else {
        throw http.refused(response, data == nil ? "DELETE" : "PUT")
      }
    default:
      guard FileManager.default.contents(atPath: found.path) == found.item.data else {
        throw changedMeanwhile
      }
      if let data {
        _ = try Self.writeFile(data, to: found.path, replacing: true)
      } else if unlink(found.path) != 0 {
        throw FieldError(found.path, "cannot be removed (\(String(cString: strerror(errno))))")
      }
    }
    await reread(calendar, now: now)
  }

  /// Reads `calendar` again after a write; should that fail, the next sync reads it.
  private func reread(_ calendar: FollowedCalendar, now: Date) async {
    guard let fresh = try? store.calendars().first(where: { $0.id == calendar.id }) else { return }
    _ = try? await CalendarSync.sync(fresh, store: store, now: now, timeZone: timeZone)
  }

  /// Refuses a calendar Herald only reads; `blockID` names the block when one is being changed.
  private static func checkWritable(_ calendar: FollowedCalendar, blockID: String? = nil) throws {
    let what: String
    switch calendar.kind {
    case .caldav, .vdir: return
    case .feed: what = "an .ics feed, which is read-only"
    case .file:
      what = "a single .ics file, which Herald only reads (a vdir folder or a CalDAV calendar can be written)"
    }
    guard let blockID else {
      throw RecordError(.conflict, subject: "calendar \(calendar.id)", problem: "is \(what)")
    }
    throw RecordError(
      .conflict, subject: "block \(blockID)", problem: "is in calendar \(calendar.id), \(what)")
  }

  /// The item's name in the collection or folder: the `UID`, with what is not safe in a path or
  /// URL percent-encoded (and no leading dot, which vdir keeps for a syncer's own files).
  static func fileName(_ uid: String) -> String {
    var allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
    allowed.insert(charactersIn: "-_.@")
    let encoded = uid.addingPercentEncoding(withAllowedCharacters: allowed) ?? uid
    return (encoded.hasPrefix(".") ? "%2E" + encoded.dropFirst() : encoded) + ".ics"
  }

  /// Writes `data` to `path` whole or not at all: into a hidden file beside it, then renamed over
  /// it (`replacing`) or linked to it, which fails when `path` exists. Returns `false` then.
  static func writeFile(_ data: Data, to path: String, replacing: Bool) throws -> Bool {
    let folder = (path as NSString).deletingLastPathComponent
    let temporary = (folder as NSString).appendingPathComponent(".herald-\(UUID().uuidString).tmp")
    guard FileManager.default.createFile(atPath: temporary, contents: data) else {
      throw FieldError(folder, "cannot be written to")
    }
    defer { unlink(temporary) }
    if replacing {
      guard rename(temporary, path) == 0 else {
        throw FieldError(path, "cannot be replaced (\(String(cString: strerror(errno))))")
      }
      return true
    }
    if link(temporary, path) == 0 { return true }
    if errno == EEXIST { return false }
    throw FieldError(path, "cannot be created (\(String(cString: strerror(errno))))")
  }
}

import Foundation
import HeraldContracts
import HeraldCore
import HeraldInterchange
import HeraldSQLite

/// Reads calendars on the web: a CalDAV collection (RFC 4791) — all at once by `calendar-query`
/// with a time range, then only what changed by `sync-collection` (RFC 6578) and ETags — or an
/// `.ics` feed, fetched again only when its ETag changed.
enum CalDAVReader {
  /// What one read gives: the items and, for a collection, the token to ask for changes since.
  struct Read {
    var items: [CalendarItem]
    var syncToken: String?
  }

  /// Which kind of calendar `url` is: a CalDAV collection (answers `PROPFIND` with a `calendar`
  /// resource type) or a feed (answers `GET` with `text/calendar`).
  static func kind(of calendar: FollowedCalendar, deadline: ContinuousClock.Instant) async throws(FieldError)
    -> FollowedCalendar.Kind
  {
    let http = try CalendarHTTP(calendar, deadline: deadline)
    let found = try await http.send(
      "PROPFIND", headers: ["Depth": "0"],
      body: """
        <?xml version="1.0" encoding="utf-8"?>
        <d:propfind xmlns:d="DAV:"><d:prop><d:resourcetype/></d:prop></d:propfind>
        """)
    if found.status == 401 { throw http.refused(found, "PROPFIND") }
    if found.status == 207, let answer = try? DAVMultistatus.parse(found.body),
      answer.responses.contains(where: \.isCalendar)
    {
      return .caldav
    }
    let feed = try await http.send("GET")
    guard feed.status == 200 else { throw http.refused(feed, "GET") }
    guard feed.contentType?.lowercased().hasPrefix("text/calendar") == true else {
      throw FieldError(
        calendar.source,
        "neither a CalDAV calendar nor an iCalendar feed (answered \(feed.contentType ?? "no content type"))")
    }
    return .feed
  }

  /// Reads a feed; an unchanged one (`304` to `If-None-Match`) keeps `previous`.
  static func readFeed(
    _ calendar: FollowedCalendar, previous: [CalendarItem], deadline: ContinuousClock.Instant
  )
    async throws(FieldError) -> Read
  {
    let http = try CalendarHTTP(calendar, deadline: deadline)
    let etag = previous.first?.etag
    let response = try await http.send("GET", headers: etag.map { ["If-None-Match": $0] } ?? [:])
    if response.status == 304, !previous.isEmpty { return Read(items: previous) }
    guard response.status == 200 else { throw http.refused(response, "GET") }
    guard response.contentType?.lowercased().hasPrefix("text/calendar") == true else {
      throw FieldError(calendar.source, "is no longer answered as text/calendar")
    }
    return Read(items: [CalendarItem(href: "", etag: response.etag, data: response.body)])
  }

  /// Reads a collection: what changed since the sync token when there is one and the server still
  /// knows it, else everything from a day before `now` on.
  static func readCollection(
    _ calendar: FollowedCalendar, previous: [CalendarItem], now: Date, deadline: ContinuousClock.Instant
  ) async throws(FieldError) -> Read {
    let http = try CalendarHTTP(calendar, deadline: deadline)
    if let token = calendar.syncToken,
      let read = try await changes(since: token, http: http, previous: previous)
    {
      return read
    }
    return try await everything(http: http, now: now)
  }

  /// `sync-collection`: removed members go, changed ones (a new ETag) are fetched by
  /// `calendar-multiget`. `nil` when the server no longer knows the token.
  private static func changes(since token: String, http: CalendarHTTP, previous: [CalendarItem])
    async throws(FieldError) -> Read?
  {
    let response = try await http.send(
      "REPORT", headers: ["Depth": "1"],
      body: """
        <?xml version="1.0" encoding="utf-8"?>
        <d:sync-collection xmlns:d="DAV:"><d:sync-token>\(XMLText.escaped(token))</d:sync-token>\
        <d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>
        """)
    // RFC 6578 §3.2: a token the server forgot is refused (403 valid-sync-token, or 409/400).
    if [400, 403, 409].contains(response.status) { return nil }
    guard response.status == 207 else { throw http.refused(response, "REPORT sync-collection") }
    let answer = try parse(response, http)
    var items = Dictionary(previous.map { ($0.href, $0) }, uniquingKeysWith: { first, _ in first })
    var changed: [String] = []
    for member in answer.responses {
      if member.status == 404 {
        items[member.href] = nil
      } else if items[member.href]?.etag != member.etag || member.etag == nil {
        changed.append(member.href)
      }
    }
    for item in try await multiget(changed, http: http) { items[item.href] = item }
    return Read(items: items.values.sorted { $0.href < $1.href }, syncToken: answer.syncToken ?? token)
  }

  /// The collection's token, then every event from a day before `now` on and every to-do.
  private static func everything(http: CalendarHTTP, now: Date) async throws(FieldError) -> Read {
    let tokenAnswer = try await http.send(
      "PROPFIND", headers: ["Depth": "0"],
      body: """
        <?xml version="1.0" encoding="utf-8"?>
        <d:propfind xmlns:d="DAV:"><d:prop><d:sync-token/></d:prop></d:propfind>
        """)
    guard tokenAnswer.status == 207 else { throw http.refused(tokenAnswer, "PROPFIND") }
    let token = try parse(tokenAnswer, http).responses.first?.syncToken
    let start = RFC3339.utcString(now.addingTimeInterval(-86_400))
      .replacingOccurrences(of: "-", with: "").replacingOccurrences(of: ":", with: "")
    var found: [String: CalendarItem] = [:]
    // Two queries: comp-filters side by side must all match (RFC 4791 §9.7.1).
    for filter in [
      "<c:comp-filter name=\"VEVENT\"><c:time-range start=\"\(start)\"/></c:comp-filter>",
      "<c:comp-filter name=\"VTODO\"/>",
    ] {
      let response = try await http.send(
        "REPORT", headers: ["Depth": "1"],
        body: """
          <?xml version="1.0" encoding="utf-8"?>
          <c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">\
          <d:prop><d:getetag/><c:calendar-data/></d:prop>\
          <c:filter><c:comp-filter name="VCALENDAR">\(filter)</c:comp-filter></c:filter></c:calendar-query>
          """)
      guard response.status == 207 else { throw http.refused(response, "REPORT calendar-query") }
      for item in items(in: try parse(response, http)) { found[item.href] = item }
    }
    return Read(items: found.values.sorted { $0.href < $1.href }, syncToken: token)
  }

  /// Fetches `hrefs` with their data and ETags in one `calendar-multiget`.
  private static func multiget(_ hrefs: [String], http: CalendarHTTP) async throws(FieldError)
    -> [CalendarItem]
  {
    guard !hrefs.isEmpty else { return [] }
    let list = hrefs.map { "<d:href>\(XMLText.escaped($0))</d:href>" }.joined()
    let response = try await http.send(
      "REPORT", headers: ["Depth": "1"],
      body: """
        <?xml version="1.0" encoding="utf-8"?>
        <c:calendar-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">\
        <d:prop><d:getetag/><c:calendar-data/></d:prop>\(list)</c:calendar-multiget>
        """)
    guard response.status == 207 else { throw http.refused(response, "REPORT calendar-multiget") }
    return try items(in: parse(response, http))
  }

  private static func items(in answer: DAVMultistatus) -> [CalendarItem] {
    answer.responses.compactMap { member in
      guard member.status ?? 200 == 200, let data = member.calendarData else { return nil }
      return CalendarItem(href: member.href, etag: member.etag, data: Data(data.utf8))
    }
  }

  private static func parse(_ response: CalendarHTTP.Response, _ http: CalendarHTTP) throws(FieldError)
    -> DAVMultistatus
  {
    do { return try DAVMultistatus.parse(response.body) } catch { throw error.inFile(http.url) }
  }
}

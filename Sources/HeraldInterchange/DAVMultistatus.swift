import Foundation
import HeraldCore

/// A WebDAV `207 Multi-Status` answer (RFC 4918 §13) as CalDAV servers send it to `PROPFIND` and
/// `REPORT`: per resource its href, status, ETag, calendar data and whether it is a calendar; and
/// the collection's sync token (RFC 6578). Read with Herald's own XML reader; namespaces are told
/// apart by local name only, which the few DAV and CalDAV names read here allow.
public struct DAVMultistatus: Sendable, Hashable {
  /// One `<response>`.
  public struct Response: Sendable, Hashable {
    public var href = ""
    /// The response's own status (a member removed since a sync token: 404); `nil` when only its
    /// properties carry one.
    public var status: Int?
    public var etag: String?
    public var calendarData: String?
    /// Whether its `resourcetype` holds CalDAV's `calendar`.
    public var isCalendar = false
    /// Its `sync-token` property, asked for by `PROPFIND` on a collection.
    public var syncToken: String?
  }

  public var responses: [Response] = []
  public var syncToken: String?

  /// Reads a multistatus body; errors say what is wrong with it.
  public static func parse(_ data: Data) throws(FieldError) -> DAVMultistatus {
    var tokenizer = XMLTokenizer(source: ByteSources.data(data))
    defer { tokenizer.close() }
    var handler = DAVMultistatusHandler()
    try tokenizer.run(&handler)
    guard handler.sawMultistatus else { throw FieldError("", "not a WebDAV multistatus answer") }
    return handler.result
  }
}

/// Collects the few elements a multistatus answer is read for.
struct DAVMultistatusHandler: XMLHandler {
  var result = DAVMultistatus()
  var sawMultistatus = false
  private var path: [String] = []
  private var current: DAVMultistatus.Response?
  private var text: [UInt8] = []

  private static let collected: Set<String> = ["href", "status", "getetag", "calendar-data", "sync-token"]

  mutating func start(_ tag: XMLTag) throws(FieldError) {
    let name = String(decoding: tag.localName, as: UTF8.self)
    if path.isEmpty, name == "multistatus" { sawMultistatus = true }
    if name == "response" { current = DAVMultistatus.Response() }
    if name == "calendar", path.last == "resourcetype" { current?.isCalendar = true }
    path.append(name)
    text = []
  }

  mutating func end(_ name: UnsafeBufferPointer<UInt8>) throws(FieldError) {
    let name = path.popLast() ?? ""
    let value = String(decoding: text, as: UTF8.self)
    text = []
    switch (name, path.last) {
    case ("href", "response"): current?.href = value.trimmingCharacters(in: .whitespacesAndNewlines)
    case ("status", "response"): current?.status = Self.statusCode(value)
    case ("getetag", _): current?.etag = value.trimmingCharacters(in: .whitespacesAndNewlines)
    case ("calendar-data", _): current?.calendarData = value
    case ("sync-token", "prop"): current?.syncToken = value.trimmingCharacters(in: .whitespacesAndNewlines)
    case ("sync-token", "multistatus"):
      result.syncToken = value.trimmingCharacters(in: .whitespacesAndNewlines)
    case ("response", _):
      if let current { result.responses.append(current) }
      current = nil
    default: break
    }
  }

  mutating func text(_ bytes: UnsafeBufferPointer<UInt8>) throws(FieldError) {
    guard let last = path.last, Self.collected.contains(last) else { return }
    text.append(contentsOf: bytes)
  }

  /// `HTTP/1.1 404 Not Found` → 404.
  static func statusCode(_ line: String) -> Int? {
    line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
  }
}

import Foundation

/// Reads the `text/event-stream` format (the WHATWG HTML standard, "Server-sent events") as its
/// bytes arrive, in pieces cut anywhere: lines end with CR LF, LF or CR; `data:` lines of one event
/// are joined with line feeds; a blank line ends the event; comments (`:`) are passed over.
public struct ServerSentEventParser: Sendable {
  /// One event as dispatched.
  public struct Event: Sendable, Hashable {
    /// The last event id set so far in the stream (what `Last-Event-ID` resumes after).
    public var id: String?
    public var type: String
    public var data: String

    public init(id: String?, type: String, data: String) {
      self.id = id
      self.type = type
      self.data = data
    }
  }

  /// The last `id:` seen; kept across events, as the standard says.
  public private(set) var lastEventID: String?
  /// The last `retry:` in milliseconds.
  public private(set) var retry: Int?
  private var line: [UInt8] = []
  private var lastWasCR = false
  private var data: [String] = []
  private var type = ""

  public init() {}

  /// Takes the next bytes; returns the events they completed.
  public mutating func feed(_ bytes: some Sequence<UInt8>) -> [Event] {
    var events: [Event] = []
    for byte in bytes {
      if byte == 0x0A, lastWasCR {
        // The LF of a CR LF: the CR ended the line.
        lastWasCR = false
        continue
      }
      lastWasCR = byte == 0x0D
      if byte == 0x0A || byte == 0x0D {
        if let event = process(String(decoding: line, as: UTF8.self)) { events.append(event) }
        line.removeAll(keepingCapacity: true)
      } else {
        line.append(byte)
      }
    }
    return events
  }

  private mutating func process(_ text: String) -> Event? {
    if text.isEmpty {
      defer {
        data = []
        type = ""
      }
      guard !data.isEmpty else { return nil }
      return Event(id: lastEventID, type: type.isEmpty ? "message" : type, data: data.joined(separator: "\n"))
    }
    if text.hasPrefix(":") { return nil }
    let field: Substring
    var value: Substring
    if let colon = text.firstIndex(of: ":") {
      field = text[..<colon]
      value = text[text.index(after: colon)...]
      if value.hasPrefix(" ") { value = value.dropFirst() }
    } else {
      field = text[...]
      value = ""
    }
    switch field {
    case "data": data.append(String(value))
    case "event": type = String(value)
    // An id holding NUL is ignored, as the standard says.
    case "id" where !value.contains("\0"): lastEventID = String(value)
    case "retry": if let milliseconds = Int(value), milliseconds >= 0 { retry = milliseconds }
    default: break
    }
    return nil
  }
}

import Foundation
import HeraldTestSupport

/// An open `/live/events` stream read on a thread of its own: events are collected as they come.
final class EventStreamReader: @unchecked Sendable {
  struct Event: Sendable, Hashable {
    var id: String
    var data: String
  }

  private let client: RawHTTPClient
  private let lock = NSLock()
  private var events: [Event] = []
  private var status: Int?

  /// Opens the stream, sending `Last-Event-ID` when given.
  init(port: Int, lastEventID: String? = nil) throws {
    client = try RawHTTPClient(port: port, timeout: 30)
    var headers = [("Host", "127.0.0.1:\(port)"), ("Accept", "text/event-stream")]
    if let lastEventID { headers.append(("Last-Event-ID", lastEventID)) }
    try client.send("GET", "/live/events", headers: headers)
    Thread.detachNewThread { [self] in read() }
  }

  private func read() {
    guard let head = try? client.readHead() else { return }
    lock.withLock { status = head.status }
    var id: String?
    var data: String?
    while let line = try? client.readEventLine() {
      if line.hasPrefix("id: ") { id = String(line.dropFirst(4)) }
      if line.hasPrefix("data: ") { data = String(line.dropFirst(6)) }
      if line.isEmpty, let event = id, let text = data {
        lock.withLock { events.append(Event(id: event, data: text)) }
        id = nil
        data = nil
      }
    }
  }

  /// Every event so far.
  var received: [Event] { lock.withLock { events } }

  /// Waits (polling the collected events, not the clock of a reminder) until `count` events came
  /// or `timeout` seconds passed; returns what came.
  func wait(for count: Int, timeout: Double = 10) async -> [Event] {
    let deadline = Date().addingTimeInterval(timeout)
    while received.count < count, Date() < deadline { try? await Task.sleep(for: .milliseconds(5)) }
    return received
  }

  /// Drops the connection, as a browser losing its network does.
  func drop() { client.close() }
}

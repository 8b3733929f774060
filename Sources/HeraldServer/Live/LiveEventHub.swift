import Foundation

/// The live view's events: each a new `LiveSnapshot` as JSON, numbered, kept for a while, and sent
/// to every open stream. A stream that reconnects with `Last-Event-ID` gets every event after that
/// one, so a dropped connection misses nothing and repeats nothing; an id from before this process
/// started (or too old to be kept) gets the newest event, which holds the whole state.
actor LiveEventHub {
  struct Event: Sendable, Hashable {
    /// `{process}-{sequence}`: unique across restarts, ordered within one process.
    var id: String
    var data: String
  }

  enum Message: Sendable, Hashable {
    case event(Event)
    /// Nothing changed; sent so that proxies and browsers keep the connection open.
    case keepalive
  }

  /// Events kept for streams that reconnect.
  static let kept = 512

  /// Names this process's events; random (base64url, so it may hold a "-"), fixed in tests.
  private let process: String
  private var sequence = 0
  private var events: [(sequence: Int, event: Event)] = []
  private var subscribers: [UUID: AsyncStream<Message>.Continuation] = [:]
  /// Set by `finish()`, on the way out.
  private var finished = false
  /// Synchronous on purpose: a refresh never suspends between reading the state and numbering
  /// its event, so two refreshes at once cannot send their states out of order.
  private let snapshot: @Sendable () throws -> String

  /// `snapshot` computes the current event data; it is asked after every change.
  init(
    process: String = String(FormToken.newSecret().prefix(8)), finished: Bool = false,
    snapshot: @escaping @Sendable () throws -> String
  ) {
    self.process = process
    self.finished = finished
    self.snapshot = snapshot
  }

  /// Computes the snapshot and, when it differs from the last event's, sends it as a new event.
  func refresh() {
    guard let data = try? snapshot(), data != events.last?.event.data else { return }
    sequence += 1
    let event = Event(id: "\(process)-\(sequence)", data: data)
    events.append((sequence, event))
    if events.count > Self.kept { events.removeFirst(events.count - Self.kept) }
    for continuation in subscribers.values { continuation.yield(.event(event)) }
  }

  /// Tells every open stream that the connection is alive.
  func keepalive() {
    for continuation in subscribers.values { continuation.yield(.keepalive) }
  }

  /// A stream of events after `lastEventID` (every kept one newer than it, or the newest when it
  /// is unknown or absent), then each new one as it comes.
  func subscribe(after lastEventID: String?) async -> AsyncStream<Message> {
    if events.isEmpty { refresh() }
    let (stream, continuation) = AsyncStream.makeStream(of: Message.self, bufferingPolicy: .unbounded)
    let replay: [Event]
    if let lastEventID, let sequence = sequence(of: lastEventID), let first = events.first,
      sequence >= first.sequence - 1
    {
      replay = events.filter { $0.sequence > sequence }.map(\.event)
    } else {
      replay = events.last.map { [$0.event] } ?? []
    }
    for event in replay { continuation.yield(.event(event)) }
    guard !finished else {
      continuation.finish()
      return stream
    }
    let key = UUID()
    subscribers[key] = continuation
    continuation.onTermination = { [weak self] _ in Task { await self?.unsubscribe(key) } }
    return stream
  }

  /// Ends every open stream and any opened later: the server's graceful shutdown waits for every
  /// response to end, and an event stream would otherwise never end.
  func finish() {
    finished = true
    for continuation in subscribers.values { continuation.finish() }
    subscribers = [:]
  }

  /// How many streams are open.
  var subscriberCount: Int { subscribers.count }

  private func unsubscribe(_ key: UUID) { subscribers[key] = nil }

  /// The sequence number of an id of this process; `nil` for any other.
  private func sequence(of id: String) -> Int? {
    // The process part is base64url and may itself hold a "-": the sequence follows the last one.
    guard let dash = id.lastIndex(of: "-"), id[..<dash] == process else { return nil }
    return Int(id[id.index(after: dash)...])
  }
}

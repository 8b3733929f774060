import Foundation

/// What `dbus-monitor` printed, read back: its messages and, from them, every `Notify` call with
/// the id the server returned for it.
///
/// `dbus-monitor` prints a header line per message at column 0 (`method call time=… sender=:1.2
/// -> destination=:1.0 serial=10 path=…; interface=…; member=Notify`) and then its arguments
/// indented, one value per line: `string "Herald"`, `uint32 0`, `array [`, `dict entry(`,
/// `variant             byte 0`, closed by `]` and `)`.
public struct DBusMonitorLog: Sendable {
  /// One argument value, as `dbus-monitor` prints it (numbers kept as their text).
  public indirect enum Value: Sendable, Hashable {
    case string(String)
    case number(String)
    case boolean(Bool)
    case array([Value])
    case dictEntry(Value, Value)
    case structure([Value])
    case variant(Value)
    /// Something this reader does not take apart (the rest of its line).
    case other(String)

    public var string: String? { if case .string(let text) = self { text } else { nil } }
  }

  public struct Message: Sendable {
    /// `method call`, `method return`, `signal` or `error`.
    public var kind: String
    /// The header's `key=value` fields: `time`, `sender`, `destination`, `serial`, `reply_serial`,
    /// `path`, `interface`, `member`.
    public var fields: [String: String]
    public var arguments: [Value]
  }

  /// A `Notify` call: what a client asked the notification server to show.
  public struct NotifyCall: Sendable {
    /// When `dbus-monitor` saw it (seconds since 1970).
    public var time: Double
    public var appName: String
    public var summary: String
    public var body: String
    /// Keys and labels, alternating.
    public var actions: [String]
    public var hints: [String: Value]
    /// The id the server gave the notification (from the method return), once seen.
    public var id: UInt32?
    /// The notification it asked to replace (`replaces_id`); 0 for none.
    public var replacesID: UInt32
    /// The unique name of the client that made the call, and of the server that answered it.
    public var sender: String
    public var server: String?

    /// The `urgency` hint's byte: 0 low, 1 normal, 2 critical.
    public var urgency: Int? {
      if case .number(let text) = hints["urgency"] { Int(text) } else { nil }
    }
    /// The `suppress-sound` hint.
    public var suppressSound: Bool? {
      if case .boolean(let value) = hints["suppress-sound"] { value } else { nil }
    }
    /// The keys of the buttons offered.
    public var actionKeys: [String] { stride(from: 0, to: actions.count, by: 2).map { actions[$0] } }
    /// The `category` hint.
    public var category: String? { hints["category"]?.string }
    /// The `value` hint: a progress bar's percentage.
    public var value: Int? {
      if case .number(let text) = hints["value"] { Int(text) } else { nil }
    }
  }

  /// A call of another member of the notification interface, or a signal: its time, sender and
  /// numeric arguments (`CloseNotification(id)`, `NotificationClosed(id, reason)`,
  /// `ActionInvoked(id, key)`).
  public struct Event: Sendable {
    public var time: Double
    public var sender: String
    public var numbers: [UInt32]
  }

  public let messages: [Message]

  /// Reads the lines `dbus-monitor` printed.
  public init(_ lines: [String]) {
    var messages: [Message] = []
    var arguments: [String] = []
    func finish() {
      guard !messages.isEmpty else { return }
      var scanner = Scanner(arguments.joined(separator: "\n"))
      messages[messages.count - 1].arguments = scanner.values(until: nil)
      arguments = []
    }
    for line in lines {
      if let first = line.first, !first.isWhitespace {
        finish()
        if let message = Self.header(line) { messages.append(message) }
      } else {
        arguments.append(line)
      }
    }
    finish()
    self.messages = messages
  }

  /// The calls of `member` on the notification interface (`kind` "method call"), or its signals
  /// (`kind` "signal"), in order.
  public func events(_ member: String, kind: String = "method call") -> [Event] {
    messages.compactMap { message in
      guard message.kind == kind, message.fields["member"] == member,
        message.fields["interface"] == "org.freedesktop.Notifications"
      else { return nil }
      let numbers = message.arguments.compactMap { value -> UInt32? in
        if case .number(let text) = value { UInt32(text) } else { nil }
      }
      return Event(
        time: Double(message.fields["time"] ?? "") ?? 0, sender: message.fields["sender"] ?? "",
        numbers: numbers)
    }
  }

  /// Every `Notify` call, in order, with its id once the server's answer was seen.
  public var notifyCalls: [NotifyCall] {
    var idByCall: [String: (id: UInt32, server: String)] = [:]
    for message in messages where message.kind == "method return" {
      guard let serial = message.fields["reply_serial"], let destination = message.fields["destination"],
        case .number(let text) = message.arguments.first, let id = UInt32(text)
      else { continue }
      idByCall["\(destination) \(serial)"] = (id, message.fields["sender"] ?? "")
    }
    return messages.compactMap { message in
      guard message.kind == "method call", message.fields["member"] == "Notify",
        message.fields["interface"] == "org.freedesktop.Notifications", message.arguments.count >= 8,
        let appName = message.arguments[0].string, let summary = message.arguments[3].string,
        let body = message.arguments[4].string, case .array(let actions) = message.arguments[5],
        case .array(let entries) = message.arguments[6]
      else { return nil }
      var hints: [String: Value] = [:]
      for case .dictEntry(.string(let key), .variant(let value)) in entries { hints[key] = value }
      let sender = message.fields["sender"] ?? ""
      let answer = idByCall["\(sender) \(message.fields["serial"] ?? "")"]
      var replacesID: UInt32 = 0
      if case .number(let text) = message.arguments[1] { replacesID = UInt32(text) ?? 0 }
      return NotifyCall(
        time: Double(message.fields["time"] ?? "") ?? 0, appName: appName, summary: summary, body: body,
        actions: actions.compactMap(\.string), hints: hints, id: answer?.id, replacesID: replacesID,
        sender: sender, server: answer?.server)
    }
  }

  private static func header(_ line: String) -> Message? {
    guard
      let kind = ["method call", "method return", "signal", "error"].first(where: { line.hasPrefix($0 + " ") }
      )
    else { return nil }
    var fields: [String: String] = [:]
    for token in line.dropFirst(kind.count).split(separator: " ") {
      guard let equals = token.firstIndex(of: "=") else { continue }
      let value = token[token.index(after: equals)...]
      fields[String(token[..<equals])] = String(value.hasSuffix(";") ? value.dropLast() : value)
    }
    return Message(kind: kind, fields: fields, arguments: [])
  }

  /// Takes `dbus-monitor`'s argument text apart.
  private struct Scanner {
    var rest: Substring

    init(_ text: String) { rest = text[...] }

    /// Values up to `closer` (consumed) or the end.
    mutating func values(until closer: Character?) -> [Value] {
      var values: [Value] = []
      while true {
        skipWhitespace()
        guard let first = rest.first else { return values }
        if first == closer {
          rest.removeFirst()
          return values
        }
        guard let value = value() else { return values }
        values.append(value)
      }
    }

    mutating func value() -> Value? {
      switch word() {
      case "": return nil
      case "string", "signature": return quoted().map(Value.string) ?? other()
      case "object":
        _ = word()  // "path"
        return quoted().map(Value.string) ?? other()
      case "boolean": return .boolean(word() == "true")
      case "array": return expect("[") ? .array(values(until: "]")) : other()
      case "struct": return expect("{") ? .structure(values(until: "}")) : other()
      case "dict":
        guard word() == "entry", expect("(") else { return other() }
        let pair = values(until: ")")
        return pair.count == 2 ? .dictEntry(pair[0], pair[1]) : .other("\(pair)")
      case "variant": return value().map(Value.variant)
      default: return .number(String(word()))  // byte, uint32, int32, int64, double, …
      }
    }

    /// The next run of characters that are neither blank nor a bracket.
    mutating func word() -> Substring {
      skipWhitespace()
      let end = rest.firstIndex { $0.isWhitespace || "[](){}".contains($0) } ?? rest.endIndex
      defer { rest = rest[end...] }
      return rest[..<end]
    }

    /// A `"…"` string; `dbus-monitor` does not escape, so it ends at a quote that ends a line.
    mutating func quoted() -> String? {
      skipWhitespace()
      guard rest.first == "\"" else { return nil }
      var index = rest.index(after: rest.startIndex)
      while index < rest.endIndex {
        let next = rest.index(after: index)
        if rest[index] == "\"", next == rest.endIndex || rest[next] == "\n" {
          defer { rest = rest[next...] }
          return String(rest[rest.index(after: rest.startIndex)..<index])
        }
        index = next
      }
      return nil
    }

    mutating func expect(_ character: Character) -> Bool {
      skipWhitespace()
      guard rest.first == character else { return false }
      rest.removeFirst()
      return true
    }

    /// The rest of the line, unread.
    mutating func other() -> Value {
      let end = rest.firstIndex(of: "\n") ?? rest.endIndex
      defer { rest = rest[end...] }
      return .other(String(rest[..<end]))
    }

    mutating func skipWhitespace() {
      rest = rest.drop { $0.isWhitespace }
    }
  }
}

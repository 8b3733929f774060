import Foundation
import HeraldDBus

/// One `Notify` call of the freedesktop notification protocol, as Herald makes it: what the
/// server is asked to show. Codable, so that the desktop keeps it with the notification and can
/// show it again (after a crash, its buttons are given back to the restarted daemon).
struct NotifyRequest: Sendable, Hashable, Codable {
  /// Plain text, by the specification, on every server.
  var summary: String
  /// Already in the form the server reads: escaped when it has `body-markup`.
  var body: String
  /// Button keys and labels, alternating; empty where the server has no `actions`.
  var actions: [String] = []
  /// 0 low, 1 normal, 2 critical.
  var urgency: UInt8
  /// `x-herald.{category}`: lets a user style Herald's notifications in the server's rules.
  var category: String
  var suppressSound: Bool = false
  /// The `value` hint, 0–100: a progress bar on servers that draw one (dunst, KDE, mako).
  var value: Int32?
  /// Stay on screen after a button was pressed.
  var resident: Bool = false
  /// Milliseconds on screen; -1 for the server's default, 0 for until closed.
  var expireTimeout: Int32 = -1

  /// The application name every Herald notification carries.
  static let appName = "Herald"

  /// Whether it offers buttons.
  var hasActions: Bool { !actions.isEmpty }

  /// The `hints` argument.
  var hints: [String: DBusValue] {
    var hints: [String: DBusValue] = ["urgency": .byte(urgency), "category": .string(category)]
    if suppressSound { hints["suppress-sound"] = .boolean(true) }
    if let value { hints["value"] = .int32(value) }
    if resident { hints["resident"] = .boolean(true) }
    return hints
  }

  /// The arguments of `Notify`, replacing notification `replacesID` (0: none).
  func arguments(replacing replacesID: UInt32) -> [DBusValue] {
    [
      .string(Self.appName), .uint32(replacesID), .string(""), .string(summary), .string(body),
      .strings(actions), .variants(hints), .int32(expireTimeout),
    ]
  }

  /// The JSON the store keeps.
  func encoded() -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
  }

  /// Reads what `encoded()` wrote; `nil` for anything else.
  init?(encoded text: String) {
    guard let request = try? JSONDecoder().decode(Self.self, from: Data(text.utf8)) else { return nil }
    self = request
  }

  init(
    summary: String, body: String, actions: [String] = [], urgency: UInt8, category: String,
    suppressSound: Bool = false, value: Int32? = nil, resident: Bool = false, expireTimeout: Int32 = -1
  ) {
    self.summary = summary
    self.body = body
    self.actions = actions
    self.urgency = urgency
    self.category = category
    self.suppressSound = suppressSound
    self.value = value
    self.resident = resident
    self.expireTimeout = expireTimeout
  }
}

import Crypto
import Foundation
import HeraldInterchange

/// The capability in a notification's links: a phone opens them without a login, so each link
/// itself says what it may do — one action on one reminder of one user (or of the single-user
/// store), until 24 hours after the reminder's time — signed with the server's secret.
///
/// The token is `payload.mac`, both base64url: the payload is JSON
/// (`{"scope": "store"|"user", "user": …, "id": …, "action": …, "expires": seconds}`), the MAC an
/// HMAC-SHA-256 over the payload's text. Nothing in it is secret (a request id, an action); only forging one is
/// prevented.
public struct ActionLink: Sendable, Hashable {
  /// Whose reminder: the one person of a SQLite store, or a user of a many-user server.
  public enum Scope: Sendable, Hashable {
    case store
    case user(String)
  }

  /// What the link does. `open` is the notification's own tap (the reminder's page); `map` a
  /// place's route.
  public enum Action: String, Sendable, Hashable, CaseIterable {
    case open, done, snooze, map
  }

  public var scope: Scope
  public var requestID: String
  public var action: Action
  /// Later, the link changes nothing.
  public var expiry: Date

  /// How long after the reminder's time its links work.
  public static let validity: TimeInterval = 24 * 3600

  /// The link for `action` on the reminder `requestID` firing at `fireDate`, valid until
  /// `validity` after it (whole seconds).
  public init(scope: Scope, requestID: String, action: Action, fireDate: Date) {
    self.scope = scope
    self.requestID = requestID
    self.action = action
    self.expiry = Date(timeIntervalSince1970: (fireDate.timeIntervalSince1970 + Self.validity).rounded(.down))
  }

  /// The signed token for a URL's path (base64url and a dot: no escaping needed).
  public func token(secret: LinkSecret) -> String {
    let payload = Base64URL.encode(JSONWriter.bytes(json, pretty: false))
    let mac = HMAC<SHA256>.authenticationCode(for: Data(payload.utf8), using: secret.key)
    return payload + "." + Base64URL.encode(mac)
  }

  /// What a token presented at `now` allows. The HTTP layer answers 403 to `.invalid` and 410 to
  /// `.expired`, and acts only on `.valid`.
  public static func verify(_ token: String, secret: LinkSecret, now: Date) -> Verification {
    let parts = token.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 2, let mac = Base64URL.decode(parts[1]), mac.count == SHA256.byteCount,
      // swift-crypto compares in constant time: the time taken says nothing of the right MAC.
      HMAC<SHA256>.isValidAuthenticationCode(mac, authenticating: Data(parts[0].utf8), using: secret.key),
      let payload = Base64URL.decode(parts[0])
    else { return .invalid }
    guard let json = try? JSONValue.parse(Data(payload)), let link = ActionLink(json) else { return .invalid }
    return now < link.expiry ? .valid(link) : .expired(link)
  }

  /// The payload, written by Herald's own JSON writer: every message carries two or three links,
  /// and a Foundation encoder made and configured for each is needless work per message.
  var json: JSONValue {
    var members: [JSONValue.Member] = []
    switch scope {
    case .store: members.append(.init("scope", .string("store")))
    case .user(let user): members += [.init("scope", .string("user")), .init("user", .string(user))]
    }
    return .object(
      members + [
        .init("id", .string(requestID)), .init("action", .string(action.rawValue)),
        .init("expires", .number(expiry.timeIntervalSince1970)),
      ])
  }

  /// The link a verified payload names; `nil` when it is not one this type writes.
  init?(_ json: JSONValue) {
    guard case .string(let scopeName) = json["scope"], case .string(let requestID) = json["id"],
      case .string(let actionName) = json["action"], let action = Action(rawValue: actionName),
      case .number(let expires) = json["expires"]
    else { return nil }
    switch (scopeName, json["user"]) {
    case ("store", nil): scope = .store
    case ("user", .string(let user)?): scope = .user(user)
    default: return nil
    }
    self.requestID = requestID
    self.action = action
    self.expiry = Date(timeIntervalSince1970: expires)
  }

  /// The answer to a presented token.
  public enum Verification: Sendable, Hashable {
    /// Signed by this server and not expired: do what it says.
    case valid(ActionLink)
    /// Signed by this server, past its expiry: change nothing.
    case expired(ActionLink)
    /// Tampered with, cut, or signed with another secret.
    case invalid
  }

  /// The link's URL under `publicURL` (`--public-url`): `…/push/actions/TOKEN`.
  public func url(publicURL: URL, secret: LinkSecret) -> URL {
    publicURL.appendingPathComponent("push").appendingPathComponent("actions")
      .appendingPathComponent(token(secret: secret))
  }
}

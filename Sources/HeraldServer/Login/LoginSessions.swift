import HeraldContracts
import HeraldSQLite
import Foundation
import HeraldCore
import HeraldRuntime

/// The browsers logged in to a server reachable from other machines (`--allow-remote`).
///
/// A session is a random 32-byte value in an `HttpOnly`, `SameSite=Strict` cookie. Sessions are
/// kept in this process's memory only, keyed by the SHA-256 of the cookie (so the table holds no
/// usable cookie), and end after `lifetime`, on logout, on restart, or when the token used to log
/// in is revoked.
actor LoginSessions {
  static let cookieName = "herald_session"
  /// How long a login lasts.
  static let lifetime: TimeInterval = 12 * 3600

  struct Session: Sendable {
    /// The token's name, rechecked on every request so revoking it logs its browsers out.
    var tokenName: String
    var expires: Date
  }

  private let clock: any HeraldClock
  private var sessions: [Data: Session] = [:]

  init(clock: any HeraldClock) { self.clock = clock }

  /// Starts a session for the holder of the token `tokenName`; returns the cookie's value.
  func start(tokenName: String) -> String {
    let now = clock.now()
    sessions = sessions.filter { $0.value.expires > now }
    let secret = FormToken.newSecret()
    sessions[Self.key(secret)] = Session(tokenName: tokenName, expires: now + Self.lifetime)
    return secret
  }

  /// The session the cookie `secret` belongs to, when it is current.
  func session(_ secret: String) -> Session? {
    let key = Self.key(secret)
    guard let session = sessions[key] else { return nil }
    guard session.expires > clock.now() else {
      sessions[key] = nil
      return nil
    }
    return session
  }

  /// Ends the session of `secret` (logout).
  func end(_ secret: String) { sessions[Self.key(secret)] = nil }

  private static func key(_ secret: String) -> Data { AccessSecret.hash(secret) }

  /// The `Set-Cookie` value for a new session.
  static func cookie(_ secret: String) -> String {
    "\(cookieName)=\(secret); Path=/; HttpOnly; SameSite=Strict; Max-Age=\(Int(lifetime))"
  }

  /// The `Set-Cookie` value that removes the session cookie.
  static var expiredCookie: String { "\(cookieName)=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0" }
}

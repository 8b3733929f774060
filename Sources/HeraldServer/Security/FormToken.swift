import Foundation
import HeraldContracts
import HeraldSQLite
import HTTPTypes
import Hummingbird

/// The anti-forgery token of the pages (Hummingbird has none): a random value in a `SameSite=Strict`,
/// `HttpOnly` cookie, repeated in a hidden field of every form. A form posted from another site can
/// carry neither, so a post is accepted only when the two agree; and, when the browser sends one,
/// only when the `Origin` is this server's (`FormOrigin`, checked first).
enum FormToken {
  static let cookieName = "herald_form"
  static let fieldName = "_form"

  /// The hidden field carrying `token`.
  static func field(_ token: String) -> HTML {
    "<input type=\"hidden\" name=\"\(fieldName)\" value=\"\(token)\">"
  }

  /// The token of this browser: its cookie's, or a new one (to be set with `cookie(_:)`).
  static func token(of request: Request) -> (token: String, isNew: Bool) {
    if let existing = cookieValue(cookieName, in: request), existing.count >= 32 { return (existing, false) }
    return (newSecret(), true)
  }

  /// The `Set-Cookie` value for `token`.
  static func cookie(_ token: String) -> String {
    "\(cookieName)=\(token); Path=/; HttpOnly; SameSite=Strict"
  }

  /// Whether a posted form carries this browser's token.
  static func accepts(_ request: Request, fields: FormFields) -> Bool {
    guard let cookie = cookieValue(cookieName, in: request), let submitted = fields[fieldName] else {
      return false
    }
    return AccessSecret.constantTimeEqual(Array(cookie.utf8), Array(submitted.utf8))
  }

  /// A random 32-byte secret, base64url.
  static func newSecret() -> String { AccessSecret.random() }

  /// The value of the cookie `name`, when the request carries it.
  static func cookieValue(_ name: String, in request: Request) -> String? {
    for header in request.headers[values: .cookie] {
      for pair in header.split(separator: ";") {
        let parts = pair.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1)
        if parts.count == 2, parts[0] == name { return String(parts[1]) }
      }
    }
    return nil
  }
}

import HTTPTypes

extension HTTPField.Name {
  /// A header name written in this module's code, for headers swift-http-types has no constant for.
  /// Traps on a name that is not a valid token: a typo here is a bug, never input.
  static func literal(_ name: String) -> HTTPField.Name {
    guard let field = HTTPField.Name(name) else { preconditionFailure("invalid header name \(name)") }
    return field
  }

  static let lastEventID = literal("Last-Event-ID")
  static let referrerPolicy = literal("Referrer-Policy")
  static let xForwardedHost = literal("X-Forwarded-Host")
  static let xForwardedProto = literal("X-Forwarded-Proto")
}

import Foundation
import HeraldContracts
import HeraldCore

/// A user of a many-user Herald: whose data, in which zone and language, and where their
/// deliveries go.
public struct HeraldUser: Sendable, Hashable {
  public var id: Int64
  /// Unique; names the user in commands and in every delivery (`"user"`).
  public var name: String
  /// Every wall-clock rule is evaluated in it.
  public var timeZone: Zone
  public var language: Language
  /// Where deliveries are POSTed; none: they are recorded only.
  public var webhook: URL?
  /// The Standard Webhooks secret that signs them (`whsec_…`).
  public var webhookSecret: WebhookSecret
  public var createdAt: Date
}

extension HeraldUser {
  /// A user's name as given: 1 to 64 of the ASCII letters and digits and `.` `_` `-` `@`, so that it
  /// reads the same in a command line, a log, a URL and a `webhook-id`.
  public static func name(_ text: String, field: String = "NAME") throws(FieldError) -> String {
    guard !text.isEmpty else { throw FieldError(field, "must not be empty") }
    guard text.utf8.count <= 64 else { throw FieldError(field, "longer than 64 characters") }
    let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-@".utf8)
    guard let bad = text.unicodeScalars.first(where: { !$0.isASCII || !allowed.contains(UInt8($0.value)) })
    else {
      return text
    }
    throw FieldError(field, "\"\(bad.escaped(asASCII: true))\" is not allowed (letters, digits, . _ - @)")
  }
}

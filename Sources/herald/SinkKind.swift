import ArgumentParser
import Foundation
import HeraldContracts
import HeraldCore
import HeraldRuntime
import HeraldSQLite
import Logging
import ServiceLifecycle

/// The `--sink` choices; ArgumentParser refuses any other name and lists these.
enum SinkKind: String, ExpressibleByArgument, CaseIterable {
  case desktop
  case stdout
  case webhook
  case push

  /// The runtime's sink, with `--webhook-url` and `--webhook-secret` checked for the webhook, and
  /// the push flags for push.
  func choice(webhookURL: String?, webhookSecret: String?, push: PushSendOptions) throws(FieldError)
    -> SinkChoice
  {
    switch self {
    case .desktop: return .desktop
    case .stdout: return .stdout
    case .push: return .push(try push.settings())
    case .webhook:
      guard let webhookURL else { throw FieldError("--webhook-url", "required by --sink webhook") }
      let secret = try webhookSecret.map { (text) throws(FieldError) in
        do throws(FieldError) { return try WebhookSecret(text) } catch {
          throw FieldError("--webhook-secret", error.problem)
        }
      }
      return .webhook(try HTTPAddress.parse(webhookURL, field: "--webhook-url"), secret: secret)
    }
  }
}

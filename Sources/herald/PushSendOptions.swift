import ArgumentParser
import Foundation
import HeraldCore
import HeraldPush
import HeraldRuntime

/// What sending a push needs beside the store (`run --sink push`, `worker`, a test push from
/// `serve`'s settings page): the VAPID contact, the origin of the links, the push services allowed.
struct PushSendOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "mailto:ADDRESS or https://…: whom push services may contact about Herald's pushes (VAPID sub); required by --sink push.",
      valueName: "CONTACT"))
  var pushContact: String?

  @Option(
    help: ArgumentHelp(
      "The origin a phone reaches herald serve at, for the notifications' links (default: where serve listens; http://127.0.0.1:8080 for run and worker).",
      valueName: "URL"))
  var publicURL: String?

  @OptionGroup var services: PushServiceOptions

  /// Where `herald serve` listens by default: its links work as they are on this machine.
  static let servedOrigin = "http://127.0.0.1:8080"

  /// The worker's and serve's: pushing is on when `--push-contact` is given.
  func settingsIfAsked(origin: String = Self.servedOrigin) throws(FieldError) -> PushSettings? {
    pushContact == nil ? nil : try settings(origin: origin)
  }

  /// The push sink's settings, each flag checked; a one-line error naming the first wrong one.
  /// `origin` is where `serve` is reached when `--public-url` is not given.
  func settings(origin: String = Self.servedOrigin) throws(FieldError) -> PushSettings {
    let publicURL = publicURL ?? origin
    guard let pushContact else {
      throw FieldError(
        "--push-contact", "required by --sink push (mailto:you@example.org or an https:// URL)")
    }
    let contact = try PushContact.check(pushContact, field: "--push-contact")
    let url = try HTTPAddress.parse(publicURL, field: "--public-url")
    guard url.path.isEmpty || url.path == "/", url.query == nil, url.fragment == nil, url.user == nil else {
      throw FieldError("--public-url", "expected an origin (scheme, host, port), got \"\(publicURL)\"")
    }
    return PushSettings(contact: contact, publicURL: url, services: try services.allowed())
  }
}

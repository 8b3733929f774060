import ArgumentParser
import Foundation
import HeraldCore
import HeraldPush
import HeraldRuntime

/// What `run --sink push` needs beside the store: the VAPID contact, the origin of the links, and
/// the push services allowed.
struct PushSendOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "mailto:ADDRESS or https://…: whom push services may contact about Herald's pushes (VAPID sub); required by --sink push.",
      valueName: "CONTACT"))
  var pushContact: String?

  @Option(
    help: ArgumentHelp(
      "The origin a phone reaches herald serve at, for the notifications' links.", valueName: "URL"))
  var publicURL = Self.servedOrigin

  @OptionGroup var services: PushServiceOptions

  /// Where `herald serve` listens by default: its links work as they are on this machine.
  static let servedOrigin = "http://127.0.0.1:8080"

  /// The worker's: pushing is on when `--push-contact` is given.
  func settingsIfAsked() throws(FieldError) -> PushSettings? {
    pushContact == nil ? nil : try settings()
  }

  /// The push sink's settings, each flag checked; a one-line error naming the first wrong one.
  func settings() throws(FieldError) -> PushSettings {
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

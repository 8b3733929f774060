import Foundation
import HeraldCore

/// The VAPID `sub` claim (RFC 8292 §2.1): how a push service reaches the operator about their
/// messages — a `mailto:` address or an `https:` URL.
public enum PushContact {
  /// `text` when it is `mailto:` with an address or `https://` with a host; a one-line error
  /// naming `field` otherwise.
  public static func check(_ text: String, field: String = "pushContact") throws(FieldError) -> String {
    if text.hasPrefix("mailto:") {
      let address = text.dropFirst("mailto:".count)
      guard let at = address.firstIndex(of: "@"), at != address.startIndex,
        address.index(after: at) != address.endIndex,
        !address.contains(where: { $0 == " " || $0 == "," })
      else { throw FieldError(field, "expected mailto: with one e-mail address, got \"\(text)\"") }
      return text
    }
    guard let url = URL(string: text), url.scheme == "https", url.host?.isEmpty == false else {
      throw FieldError(field, "expected mailto:ADDRESS or an https:// URL, got \"\(text)\"")
    }
    return text
  }
}

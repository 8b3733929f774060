import Foundation
import HeraldSystem
import HeraldCore

/// An http(s) URL with a host, as the user typed it: where a webhook goes, the server to follow.
enum HTTPAddress {
  static func parse(_ text: String, field: String) throws(FieldError) -> URL {
    guard let url = URL(string: text), url.scheme == "http" || url.scheme == "https", url.host != nil else {
      // The text may hold a password: shown only as far as it is not one.
      let shown = URL(string: text).map(OutboundAddress.shown) ?? text
      throw FieldError(field, "expected an http(s) URL, got \"\(shown)\"")
    }
    return url
  }
}

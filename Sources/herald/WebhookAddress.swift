import Foundation
import HeraldCore

/// Where a webhook goes, as the user typed it: an http(s) URL with a host.
enum WebhookAddress {
  static func parse(_ text: String, field: String) throws(FieldError) -> URL {
    guard let url = URL(string: text), url.scheme == "http" || url.scheme == "https", url.host != nil else {
      throw FieldError(field, "expected an http(s) URL, got \"\(text)\"")
    }
    return url
  }
}

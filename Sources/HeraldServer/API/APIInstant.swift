import Foundation
import HeraldCore
import HeraldInterchange

/// Instants in the API: read as RFC 3339 with an offset, written in UTC (with milliseconds only
/// when there are any), so what was stored comes back exactly.
enum APIInstant {
  static func parse(_ text: String, field: String) throws(FieldError) -> Date {
    guard let date = RFC3339.parse(text) else {
      throw FieldError(field, "not an RFC 3339 instant with offset: \"\(text)\"")
    }
    return date
  }

  static func text(_ date: Date) -> String { RFC3339.string(date, offsetSeconds: 0) }
}

import Foundation
import HeraldStore

/// Whose data a request acts on, once its token (or page session) is known: the store holding the
/// data, and the zone the user's wall-clock rules are evaluated in.
struct Account: Sendable {
  /// The token's (or user's) name, for logs; never its secret.
  var name: String
  /// The user's data: a SQLite file, or one user of a PostgreSQL database.
  var store: any UserData
  /// Read when asked, so a zone change applies to the next request.
  var timeZone: @Sendable () -> TimeZone

  /// The account of the request being handled, set by the middleware that authenticated it.
  @TaskLocal static var current: Account?
}

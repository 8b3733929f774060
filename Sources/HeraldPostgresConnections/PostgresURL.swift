import Foundation
import HeraldCore
import PostgresNIO

/// Where the many-user database is: `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE`, as libpq
/// writes it (`contracts/server.md`). User and password may be percent-encoded. The connection is
/// not encrypted: run the database on the same machine or a private network.
public struct PostgresURL: Sendable, Hashable, CustomStringConvertible {
  public var user: String
  public var password: String?
  public var host: String
  public var port: Int
  public var database: String

  /// Reads `text`; a `FieldError` without a field says what is wrong (the caller names the option
  /// or variable it came from).
  public init(_ text: String) throws(FieldError) {
    let form = "expected postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE"
    guard let components = URLComponents(string: text),
      let scheme = components.scheme?.lowercased(), scheme == "postgres" || scheme == "postgresql"
    else { throw FieldError("", "\(form), got \"\(text)\"") }
    guard let user = components.percentEncodedUser.flatMap({ $0.removingPercentEncoding }), !user.isEmpty
    else { throw FieldError("", "no user: \(form)") }
    guard let host = components.host, !host.isEmpty else { throw FieldError("", "no host: \(form)") }
    let database = String(components.path.drop(while: { $0 == "/" }))
    guard !database.isEmpty, !database.contains("/") else { throw FieldError("", "no database: \(form)") }
    if let query = components.query, !query.isEmpty {
      throw FieldError("", "parameters (\"?\(query)\") are not supported: \(form)")
    }
    let port = components.port ?? 5432
    guard (1...65535).contains(port) else { throw FieldError("", "port \(port) is not 1 to 65535") }
    self.user = user
    self.password = components.percentEncodedPassword.flatMap { $0.removingPercentEncoding }
    self.host = host
    self.port = port
    self.database = database.removingPercentEncoding ?? database
  }

  /// The URL without its password, for messages and logs.
  public var description: String { "postgres://\(user)@\(host):\(port)/\(database)" }

  public var configuration: PostgresClient.Configuration {
    PostgresClient.Configuration(
      host: host, port: port, username: user, password: password, database: database, tls: .disable)
  }
}

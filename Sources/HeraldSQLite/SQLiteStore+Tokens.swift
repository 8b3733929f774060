import Foundation
import GRDB
import HeraldContracts
import HeraldCore

/// API tokens: a name, and the SHA-256 of a random secret. The secret itself is shown once, when it
/// is created, and never stored: a copy of the database gives nobody access.
extension SQLiteStore {
  /// A token as listed: its name and when it was made (never the secret).
  public struct TokenRecord: Sendable, Hashable {
    public var name: String
    public var createdAt: Date
  }

  /// Creates a token called `name` and returns its secret (`hrld_` and 43 base64url characters of
  /// 32 random bytes). Names are unique.
  public func createToken(name: String, at date: Date) throws -> String {
    let name = try Validation.title(name, field: "name")
    let secret = AccessSecret.apiToken()
    try write { db in
      if try Bool.fetchOne(db, sql: "SELECT 1 FROM apiToken WHERE name = ?", arguments: [name]) == true {
        throw RecordError.alreadyExists("token \(name)")
      }
      try db.execute(
        sql: "INSERT INTO apiToken (name, secretHash, createdAt) VALUES (?, ?, ?)",
        arguments: [name, AccessSecret.hash(secret), date.timeIntervalSince1970])
    }
    return secret
  }

  /// Every token, by name.
  public func tokens() throws -> [TokenRecord] {
    try read { db in
      try Row.fetchAll(db, sql: "SELECT name, createdAt FROM apiToken ORDER BY name").map {
        TokenRecord(name: $0[0], createdAt: Date(timeIntervalSince1970: $0[1]))
      }
    }
  }

  /// Removes the token `name`: its secret stops working at once.
  public func revokeToken(name: String) throws {
    try write { db in
      try db.execute(sql: "DELETE FROM apiToken WHERE name = ?", arguments: [name])
      guard db.changesCount > 0 else { throw RecordError.notFound("token \(name)", "no such token") }
    }
  }

  /// The name of the token whose secret is `secret`; `nil` when none is.
  ///
  /// Every stored hash is compared, each in constant time, so neither the answer's timing nor
  /// which row matched tells anything about a secret.
  public func tokenName(forSecret secret: String) throws -> String? {
    let presented = AccessSecret.hash(secret)
    let rows = try read { db in try Row.fetchAll(db, sql: "SELECT name, secretHash FROM apiToken") }
    var found: String?
    for row in rows {
      let stored: Data = row[1]
      if AccessSecret.constantTimeEqual(stored, presented) { found = row[0] }
    }
    return found
  }

  static func createTokens(_ db: Database) throws {
    try db.create(table: "apiToken", options: .withoutRowID) { t in
      t.primaryKey("name", .text)
      t.column("secretHash", .blob).notNull().unique()
      t.column("createdAt", .double).notNull()
    }
  }
}

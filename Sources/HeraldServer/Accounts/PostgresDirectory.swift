import Foundation
import HeraldContracts
import HeraldPostgres
import HeraldRuntime
import HeraldSQLite

/// Many users in one PostgreSQL database: a bearer token is looked up by its SHA-256 and acts for
/// its user only (every query of `PostgresUserData` names that user). Pages always need a login:
/// a server for many users has no one the pages could act for unasked.
struct PostgresDirectory: AccountDirectory {
  let store: PostgresStore
  let clock: any HeraldClock

  func account(forToken secret: String) async throws -> Account? {
    try await store.user(forToken: secret).map(account)
  }

  /// A login session names the user it was started for; it ends when the user is removed.
  func account(forTokenNamed name: String) async throws -> Account? {
    do {
      return account(try await store.user(named: name))
    } catch let error as RecordError where error.reason == .notFound {
      return nil
    }
  }

  func pageAccount() async throws -> Account? { nil }

  func pushLinkSecret(orMake make: () -> String) async throws -> String {
    try await store.pushLinkSecret(orMake: make)
  }

  /// `herald token create` writes to a local SQLite file; a user's token comes with the user.
  var tokenCommand: String { "herald user add NAME" }

  private func account(_ user: HeraldUser) -> Account {
    let zone = user.timeZone
    return Account(
      name: user.name, store: store.data(ofUser: user.id, now: { [clock] in clock.now() }),
      timeZone: { zone },
      linkScope: .user(user.name))
  }
}

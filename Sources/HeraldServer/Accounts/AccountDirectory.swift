import Foundation
import HeraldCalendars
import HeraldContracts
import HeraldCore
import HeraldRuntime
import HeraldSQLite

/// Finds the account a bearer token belongs to.
protocol AccountDirectory: Sendable {
  /// The account whose token `secret` is; `nil` when it is no valid token.
  func account(forToken secret: String) async throws -> Account?
  /// The account of the token called `name`; `nil` when it is revoked (a login session rechecks it).
  func account(forTokenNamed name: String) async throws -> Account?
  /// The account pages act for when they need no login (loopback, one user).
  func pageAccount() async throws -> Account?
  /// The text of the secret that signs notification links, made once (one person's store, or the
  /// PostgreSQL deployment).
  func pushLinkSecret(orMake make: () -> String) async throws -> String
  /// The command that prints a token this directory accepts, for the login page: a token made
  /// for the other store is refused.
  var tokenCommand: String { get }
}

/// One person's data in one SQLite file: every token opens it; plans use the system's zone.
struct SingleUserDirectory: AccountDirectory {
  let store: SQLiteStore
  let zones: any TimeZoneSource
  /// The followed calendars' blocks and tasks, parsed once per change of a calendar.
  let calendarInstances = CalendarInstances()

  func account(forToken secret: String) async throws -> Account? {
    guard let name = try store.tokenName(forSecret: secret) else { return nil }
    return account(named: name)
  }

  func account(forTokenNamed name: String) async throws -> Account? {
    try store.tokens().contains { $0.name == name } ? account(named: name) : nil
  }

  func pageAccount() async throws -> Account? { account(named: "pages") }

  func pushLinkSecret(orMake make: () -> String) async throws -> String {
    try store.pushLinkSecret(orMake: make)
  }

  var tokenCommand: String { "herald token create NAME" }

  private func account(named name: String) -> Account {
    let zones = zones
    return Account(
      name: name, store: store, timeZone: { () throws(FieldError) in try zones.current() }, calendars: store,
      calendarInstances: calendarInstances, linkScope: .store)
  }
}

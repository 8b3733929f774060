import Foundation
import HeraldContracts
import HeraldCore
import HeraldPush
import HeraldRuntime
import HeraldSQLite
import Hummingbird
import OpenAPIRuntime

/// The API's operations (generated from openapi.yaml as `APIProtocol`), each acting for the
/// request's account. One file per resource: `APIHandler+FocusBlocks.swift` and so on.
struct APIHandler: APIProtocol {
  let clock: any HeraldClock
  /// Told after every change, so open live pages update at once.
  let changes: ChangeSignal
  /// Where a subscription's endpoint may lead.
  var pushServices = PushServices.vendorsOnly

  /// The request's account; the bearer middleware always sets it before a handler runs.
  var account: Account {
    get throws {
      guard let account = Account.current else {
        throw BearerTokenMiddleware<BasicRequestContext>.unauthorized("a bearer token is required")
      }
      return account
    }
  }

  /// Runs a change and tells the live pages.
  func changing<T>(_ change: () async throws -> T) async rethrows -> T {
    let result = try await change()
    await changes.signal()
    return result
  }
}

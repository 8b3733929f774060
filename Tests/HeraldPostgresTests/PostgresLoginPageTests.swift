import Foundation
import HTTPTypes
import HeraldTestSupport
import Testing

@testable import HeraldServer

/// The login page of `herald serve --postgres` names the command that prints a token this server
/// accepts: `herald user add NAME`. `herald token create` writes to a local SQLite file, whose
/// tokens the server refuses.
@Suite(.enabled(if: TestDatabase.enabled, TestDatabase.skipReason))
struct PostgresLoginPageTests {
  @Test func theLoginPageNamesTheCommandThatPrintsAUsersToken() async throws {
    try await PostgresServerHarness.with { harness in
      try await harness.test { client in
        let page = try await client.execute(uri: "/login", method: .get) { response in
          (response.status, String(buffer: response.body))
        }
        #expect(page.0 == .ok)
        // No one is logged in: the page speaks German, the specs' language.
        #expect(page.1.contains("<label for=\"token\">Token (von herald user add NAME ausgegeben)</label>"))
        #expect(!page.1.contains("token create"), "\(page.1)")
      }
    }
  }
}

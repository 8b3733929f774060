import Foundation
import HTTPTypes
import HeraldCore
import HeraldRuntime
import HeraldContracts
import HeraldSQLite
import HeraldTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

@testable import HeraldServer

/// A page that is not there (404) and a page that failed (500) answer with a page in the pages'
/// language, a way back to Today, and for a 404 the address that was not found.
@Suite struct ErrorPageTests {
  struct Failure: Error {}

  static func get(_ client: some TestClientProtocol, _ path: String, headers: HTTPFields = [:]) async throws
    -> (status: HTTPResponse.Status, body: String)
  {
    try await client.execute(uri: path, method: .get, headers: headers) {
      ($0.status, String(buffer: $0.body))
    }
  }

  @Test(arguments: [
    (Language.de, "Nicht gefunden", "Unter /heute gibt es keine Seite von Herald.", "Zurück zu „Heute“"),
    (.en, "Not found", "Herald has no page at /heute.", "Back to Today"),
  ])
  func aPageThatIsNotThereSaysWhatWasNotFoundInThePagesLanguage(
    language: Language, title: String, message: String, back: String
  ) async throws {
    let harness = try ServerHarness()
    defer { harness.remove() }
    try harness.store.setLanguage(language)
    try await harness.test { client in
      let (status, html) = try await Self.get(client, "/heute")
      #expect(status == .notFound)
      #expect(html.contains("<html lang=\"\(language.rawValue)\">"))
      #expect(html.contains("<h1>\(HTML.escape(title))</h1>"))
      #expect(html.contains(HTML.escape(message)))
      #expect(html.contains("<a href=\"/today\">\(HTML.escape(back))</a>"))
    }
  }

  @Test func theAPIKeepsItsJSONErrors() async throws {
    let harness = try ServerHarness()
    defer { harness.remove() }
    try await harness.test { client in
      let answer = try await harness.call(client, .get, "/api/v1/nothing-here")
      #expect(answer.status == .notFound)
      #expect(!String(decoding: answer.data, as: UTF8.self).contains("<html"))
    }
  }

  /// A page that throws what is no HTTP error is the server's fault: 500, said in the language.
  @Test(arguments: [
    (Language.de, "Ein Fehler im Server", "nichts, was du gespeichert hast, ist verloren"),
    (.en, "An error in the server", "nothing you saved is lost"),
  ])
  func aPageThatFailedSaysSoInThePagesLanguage(language: Language, title: String, phrase: String)
    async throws
  {
    let harness = try ServerHarness()
    defer { harness.remove() }
    try harness.store.setLanguage(language)
    let router = Router()
    router.add(
      middleware: ErrorPageMiddleware(
        directory: SingleUserDirectory(
          store: harness.store, zones: FixedTimeZoneSource(Fixtures.zone("UTC"))),
        requiresLogin: false))
    router.get("/today") { _, _ -> Response in throw Failure() }
    try await Application(router: router).test(.router) { client in
      let (status, html) = try await Self.get(client, "/today")
      #expect(status == .internalServerError)
      #expect(html.contains("<html lang=\"\(language.rawValue)\">"))
      #expect(html.contains("<h1>\(HTML.escape(title))</h1>"))
      #expect(html.contains(HTML.escape(phrase)))
      #expect(html.contains("<a href=\"/today\">"))
    }
  }

  /// Before a login the account is unknown: the browser's language decides, German without one.
  @Test(arguments: [
    ("en-GB,en;q=0.9", "Not found"), ("fr-CH, de;q=0.8", "Nicht gefunden"), ("", "Nicht gefunden"),
  ])
  func beforeALoginTheBrowsersLanguageDecides(accepted: String, title: String) async throws {
    let harness = try ServerHarness(allowRemote: true)
    defer { harness.remove() }
    try harness.store.setLanguage(.en)
    try await harness.test { client in
      let headers: HTTPFields = accepted.isEmpty ? [:] : [.acceptLanguage: accepted]
      let (status, html) = try await Self.get(client, "/nowhere", headers: headers)
      #expect(status == .notFound)
      #expect(html.contains("<h1>\(HTML.escape(title))</h1>"))
    }
  }
}

import Foundation
import HTTPTypes
import HeraldCore
import HeraldContracts
import HeraldSQLite
import HeraldTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

@testable import HeraldServer

/// A refused form says why in the page's language: the German page names the field and the
/// problem in German, the English one as the command line does.
@Suite struct PageProblemTextTests {
  // swift-format-ignore: LineLength
  @Test(arguments: [
    (
      FieldError("title", "must not be empty") as any Error, "Titel: darf nicht leer sein",
      "title: must not be empty"
    ),
    (
      FieldError("end", "must be after start"), "Ende: muss nach dem Beginn liegen",
      "end: must be after start"
    ),
    (RecordError.notFound("task t9", "no such task"), "Task t9: gibt es nicht", "task t9: no such task"),
    (
      RecordError(.conflict, subject: "reminder exercise-reminder", problem: "no longer waits for an answer"),
      "Mitteilung exercise-reminder: wartet nicht mehr auf eine Antwort",
      "reminder exercise-reminder: no longer waits for an answer"
    ),
    (
      RecordError(
        .conflict, subject: "block standup/20261123T080000Z",
        problem: "is part of a recurring event in calendar c1; change the series in the calendar itself"),
      "Focus Block standup/20261123T080000Z: gehört zu einer Terminserie im Kalender c1; ändere die Serie im Kalender selbst",
      "block standup/20261123T080000Z: is part of a recurring event in calendar c1; change the series in the calendar itself"
    ),
    (
      FieldError(
        "start", #"expected an RFC 3339 instant with offset or a local YYYY-MM-DDTHH:MM, got "morgen""#),
      #"Beginn: erwartet ein Datum mit Uhrzeit wie 2026-12-07T14:00, nicht "morgen""#,
      #"start: expected an RFC 3339 instant with offset or a local YYYY-MM-DDTHH:MM, got "morgen""#
    ),
    (
      FieldError("due", #"2026-02-30: February 2026 has 28 days (in "2026-02-30T10:00")"#),
      #"Fällig: 2026-02-30: der Monat hat 28 Tage (in "2026-02-30T10:00")"#,
      #"due: 2026-02-30: February 2026 has 28 days (in "2026-02-30T10:00")"#
    ),
    (
      FieldError("focusBlockLeadMinutes", "expected an integer 0–120, got 121"),
      "focusBlockLeadMinutes: erwartet eine ganze Zahl 0–120, nicht 121",
      "focusBlockLeadMinutes: expected an integer 0–120, got 121"
    ),
  ])
  func aProblemIsSaidInThePagesLanguage(error: any Error, german: String, english: String) {
    #expect(PageTexts(language: .de).problem(error) == german)
    #expect(PageTexts(language: .en).problem(error) == english)
  }

  @Test(arguments: [
    (Language.de, "Nicht gespeichert: Titel: darf nicht leer sein"),
    (.en, "Not saved: title: must not be empty"),
  ])
  func aRefusedFormSaysWhyInThePagesLanguage(language: Language, message: String) async throws {
    let harness = try ServerHarness()
    defer { harness.remove() }
    try harness.store.setLanguage(language)
    try await harness.test { client in
      let (headers, html) = try await client.execute(uri: "/today", method: .get) {
        ($0.headers, String(buffer: $0.body))
      }
      let cookie = try #require(headers[.setCookie]?.split(separator: ";").first.map(String.init))
      let token = try #require(html.firstMatch(of: /name="_form" value="([^"]+)"/)?.1)
      let (status, page) = try await client.execute(
        uri: "/today/tasks", method: .post,
        headers: [.cookie: cookie, .contentType: "application/x-www-form-urlencoded"],
        body: ByteBuffer(string: "_form=\(token)&title=+")
      ) { ($0.status, String(buffer: $0.body)) }
      #expect(status == .unprocessableContent)
      #expect(page.contains(HTML.escape(message)), "\(page)")
      #expect(try harness.store.tasks().isEmpty)
    }
  }
}

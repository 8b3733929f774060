/// The words of the error pages (404, 500) and of the errors a page shows after a refused form.
extension PageTexts {
  var notFoundTitle: String { pick("Nicht gefunden", "Not found") }
  /// What was not found: the address asked for.
  func notFound(_ path: String) -> String {
    pick("Unter \(path) gibt es keine Seite von Herald.", "Herald has no page at \(path).")
  }
  var serverErrorTitle: String { pick("Ein Fehler im Server", "An error in the server") }
  var serverError: String {
    pick(
      "Herald konnte diese Seite nicht zeigen. Der Fehler steht im Protokoll des Servers; nichts, was du gespeichert hast, ist verloren. Lade die Seite gleich noch einmal.",
      "Herald could not show this page. The error is in the server's log; nothing you saved is lost. Reload the page in a moment."
    )
  }
  var backToToday: String { pick("Zurück zu „Heute“", "Back to Today") }
}

import HeraldCore

/// The frame of every page: language, title, navigation, the stylesheet, scripts by file (the
/// content security policy allows no inline script), and a message line.
struct PageLayout {
  enum Section: String {
    case today, live, history, settings, route, login
    /// An error page: in none of the sections.
    case error
  }

  let texts: PageTexts

  func render(
    _ section: Section, title: String, message: HTML? = nil, scripts: [String] = [], body: HTML
  ) -> HTML {
    let nav: [HTML] = [
      (Section.today, texts.today), (.live, texts.live), (.history, texts.history),
      (.settings, texts.settings),
      (.route, texts.route),
    ].map { item, label in
      let current = item == section ? HTML(trusted: " aria-current=\"page\"") : ""
      return "<a href=\"/\(item.rawValue)\"\(current)>\(label)</a>"
    }
    let scriptTags: [HTML] = scripts.map { "<script src=\"/static/\($0)\" defer></script>" }
    return """
      <!doctype html>
      <html lang="\(texts.language.rawValue)">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>\(title) — Herald</title>
      <link rel="stylesheet" href="/static/herald.css">
      <link rel="manifest" href="/manifest.webmanifest">
      <meta name="theme-color" content="#2f6fb3">
      <link rel="apple-touch-icon" href="/static/icon-180.png">
      \(scriptTags)
      </head>
      <body>
      <nav>\(nav)</nav>
      <main>
      <h1>\(title)</h1>
      \(message)
      \(body)
      </main>
      </body>
      </html>

      """
  }

  /// A line saying what happened: saved, or what was wrong (naming the field).
  static func notice(_ text: String, isError: Bool) -> HTML {
    "<p class=\"\(isError ? "error" : "notice")\" role=\"\(isError ? "alert" : "status")\">\(text)</p>"
  }
}

import Foundation
import HeraldContracts
import HeraldCore
import HeraldInterchange
import HeraldSQLite
import HeraldTestSupport
import Testing

/// Every page laid out for a finger on a phone (390 × 844, Chromium's mobile emulation) and on a
/// desktop (1280 × 900): nothing past the right edge, every control at least 44 px tall, no text
/// under 12 px, and, on a German page, none of the tables' English words.
extension BrowserTests {
  /// The pages of one person's server, with a working day in them (`fillDay`).
  static let pages = ["today", "live", "settings", "route", "history", "no-such-page"]

  struct Viewport: Sendable, CustomStringConvertible {
    var width: Int
    var height: Int
    var mobile: Bool
    var description: String { "\(width)×\(height)\(mobile ? " (mobile)" : "")" }
  }

  static let viewports = [
    Viewport(width: 390, height: 844, mobile: true), Viewport(width: 1280, height: 900, mobile: false),
  ]

  @Test(arguments: viewports)
  func everyPageFitsTheScreenWithControlsAFingerCanHitAndReadableText(_ viewport: Viewport) async throws {
    let now = Fixtures.instant("2026-11-23T09:20:00Z")  // Monday 10:20 in Berlin
    let harness = try ServerHarness(port: 0, at: now)
    defer { harness.remove() }
    try Self.fillDay(harness.store, at: now)
    try await Self.browse(
      harness, width: viewport.width, height: viewport.height, language: "de-DE", mobile: viewport.mobile
    ) { browser, base in
      for page in Self.pages {
        try await browser.navigate(to: base + "/" + page)
        let problems = try await Self.layoutProblems(browser)
        #expect(problems.isEmpty, "/\(page) at \(viewport): \(problems.prefix(12).joined(separator: "; "))")
        // The forms a row opens ("Bearbeiten") fit too.
        guard try await !browser.elements("details").isEmpty else { continue }
        _ = try await browser.evaluate(
          "document.querySelectorAll('details').forEach(d => d.open = true); return null;")
        let opened = try await Self.layoutProblems(browser)
        #expect(
          opened.isEmpty, "/\(page) opened at \(viewport): \(opened.prefix(12).joined(separator: "; "))")
      }
    }
  }

  @Test(arguments: viewports)
  func theLoginPageFitsTheScreen(_ viewport: Viewport) async throws {
    let harness = try ServerHarness(port: 0, allowRemote: true)
    defer { harness.remove() }
    try await Self.browse(
      harness, width: viewport.width, height: viewport.height, language: "de-DE", mobile: viewport.mobile
    ) { browser, base in
      try await browser.navigate(to: base + "/login")
      _ = try await browser.waitForElement("#login-form")
      let problems = try await Self.layoutProblems(browser)
      #expect(problems.isEmpty, "/login at \(viewport): \(problems.prefix(12).joined(separator: "; "))")
    }
  }

  /// With the system's dark theme the pages are dark too (`prefers-color-scheme`), and still
  /// fit the phone.
  @Test func thePagesFollowTheSystemsDarkTheme() async throws {
    let harness = try ServerHarness(port: 0)
    defer { harness.remove() }
    try await Self.browse(harness, width: 390, height: 844, mobile: true, dark: true) { browser, base in
      for page in ["today", "settings"] {
        try await browser.navigate(to: base + "/" + page)
        #expect(
          try await browser.evaluate("return String(matchMedia('(prefers-color-scheme: dark)').matches);")
            == "true")
        #expect(
          try await browser.evaluate("return getComputedStyle(document.body).backgroundColor;")
            == "rgb(18, 22, 25)")
        #expect(try await Self.layoutProblems(browser).isEmpty)
      }
    }
  }

  /// A German page says nothing in English that the tables say in German: every English value of
  /// `PageTexts` (read from its source: each `pick("…", "…")` without interpolation) that differs
  /// from its German one must not appear, as whole words, in the page's text or its labels.
  @Test func germanPagesShowNoEnglishTheTablesSayInGerman() async throws {
    let english = try Self.englishOnlyTexts()
    #expect(english.count > 80, "the tables were not read: \(english.count) texts")
    let now = Fixtures.instant("2026-11-23T09:20:00Z")
    let harness = try ServerHarness(port: 0, at: now)
    defer { harness.remove() }
    try Self.fillDay(harness.store, at: now)
    try await Self.browse(harness, width: 390, height: 844, language: "de-DE", mobile: true) {
      browser, base in
      for page in Self.pages {
        try await browser.navigate(to: base + "/" + page)
        let text =
          try await browser.evaluate(
            """
            const labels = [...document.querySelectorAll("[aria-label],[title],[placeholder]")]
              .map(e => [e.getAttribute("aria-label"), e.getAttribute("title"), e.getAttribute("placeholder")].join(" "));
            return document.body.innerText + "\\n" + labels.join("\\n");
            """) ?? ""
        // The templates' names are the specs' own, in every language ("Gentle Movement").
        let shown = ScheduleTemplate.allCases.reduce(text) {
          $0.replacingOccurrences(of: $1.displayName, with: "")
        }
        let found = english.filter { english in
          let pattern = "(^|\\W)" + NSRegularExpression.escapedPattern(for: english) + "($|\\W)"
          return shown.range(of: pattern, options: .regularExpression) != nil
        }
        #expect(found.isEmpty, "/\(page) in German shows English: \(found.sorted())")
      }
    }
  }

  /// The English texts of the pages' tables that differ from their German ones and are no word of
  /// the German texts themselves ("Start": "Minuten vor dem Start").
  static func englishOnlyTexts() throws -> Set<String> {
    let pages = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
        "Sources/HeraldServer/Pages")
    let files = try FileManager.default.contentsOfDirectory(atPath: pages.path).filter {
      $0.hasPrefix("PageTexts") && $0.hasSuffix(".swift")
    }
    var texts: Set<String> = []
    var germanTexts: [String] = []
    for file in files {
      let source = try String(contentsOf: pages.appendingPathComponent(file), encoding: .utf8)
      for match in source.matches(of: /pick\(\s*"((?:[^"\\]|\\.)*)",\s*"((?:[^"\\]|\\.)*)"\s*\)/) {
        let (german, english) = (String(match.output.1), String(match.output.2))
        germanTexts.append(german)
        guard german != english, !english.contains("\\"), english.count >= 3 else { continue }
        texts.insert(english)
      }
    }
    return texts.filter { english in
      let pattern = "(^|\\W)" + NSRegularExpression.escapedPattern(for: english) + "($|\\W)"
      return !germanTexts.contains { $0.range(of: pattern, options: .regularExpression) != nil }
    }
  }

  /// What is wrong with the page's layout for a finger, one line each (empty: nothing).
  static func layoutProblems(_ browser: WebDriverSession) async throws -> [String] {
    let json =
      try await browser.evaluate(
        """
        const problems = [];
        const root = document.documentElement;
        const width = window.innerWidth;
        if (root.scrollWidth > root.clientWidth) {
          problems.push("the page scrolls sideways: " + root.scrollWidth + " > " + root.clientWidth);
        }
        function name(e) {
          const classes = typeof e.className === "string" && e.className.trim() ? "." + e.className.trim().split(/\\s+/).join(".") : "";
          return e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") + classes;
        }
        // An SVG drawn to a viewBox is scaled: its text is as large as it is drawn.
        function scale(e) {
          const svg = e.closest("svg");
          if (!svg || !svg.viewBox || !svg.viewBox.baseVal || !svg.viewBox.baseVal.width) return 1;
          return svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
        }
        for (const e of document.body.querySelectorAll("*")) {
          const style = getComputedStyle(e);
          const box = e.getBoundingClientRect();
          if (box.width === 0 && box.height === 0) continue;
          if (style.visibility === "hidden" || e.closest("[hidden]")) continue;
          if (box.right > width + 0.5) problems.push(name(e) + " reaches " + Math.round(box.right) + " px of " + width);
          if (e.matches("button, input:not([type=hidden]), select, textarea, nav a, summary, a.button")) {
            // A checkbox or radio is hit through its label.
            const target = e.matches("input[type=checkbox], input[type=radio]") && e.closest("label") ? e.closest("label") : e;
            const height = target.getBoundingClientRect().height;
            if (height < 44) problems.push(name(e) + " is " + Math.round(height) + " px tall");
          }
          const hasText = [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim() !== "");
          const size = parseFloat(style.fontSize) * scale(e);
          if (hasText && size < 12) problems.push(name(e) + " has text of " + size.toFixed(1) + " px");
        }
        return JSON.stringify(problems);
        """) ?? "[]"
    return try JSONDecoder().decode([String].self, from: Data(json.utf8))
  }
}

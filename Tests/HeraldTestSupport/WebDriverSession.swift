import Foundation

/// One browser window of a `WebDriver`: navigate, find elements by CSS, click, type, read, take
/// screenshots. Waits are bounded and poll the page. `delete()` closes the window, exactly once.
public final class WebDriverSession: @unchecked Sendable {
  /// An element of the page, as the driver names it.
  public struct Element: Sendable, Hashable {
    public var id: String
  }

  /// The key under which W3C WebDriver returns an element reference.
  static let elementKey = "element-6066-11e4-a52e-4f735466cecf"

  public let id: String
  private let driverPort: Int
  private let deleted = Locked(false)

  init(driverPort: Int, id: String) {
    self.driverPort = driverPort
    self.id = id
  }

  /// Loads `url` and returns once the document has loaded.
  public func navigate(to url: String) async throws {
    try await command("POST", "/url", ["url": url]) { _ in () }
  }

  /// The first element matching `css`; throws `no such element` when there is none.
  public func element(_ css: String) async throws -> Element {
    try await command("POST", "/element", ["using": "css selector", "value": css]) { try Self.element($0) }
  }

  /// Every element matching `css`, in document order.
  public func elements(_ css: String) async throws -> [Element] {
    try await command("POST", "/elements", ["using": "css selector", "value": css]) { value in
      try (value as? [Any] ?? []).map { try Self.element($0) }
    }
  }

  /// Clicks `element` as a user would (scrolled into view, at its centre).
  public func click(_ element: Element) async throws {
    try await command("POST", "/element/\(element.id)/click", [:]) { _ in () }
  }

  /// Types `text` into `element` as keystrokes (`\t` moves to the next field part).
  public func type(_ text: String, into element: Element) async throws {
    try await command("POST", "/element/\(element.id)/value", ["text": text]) { _ in () }
  }

  /// Empties an input or text area.
  public func clear(_ element: Element) async throws {
    try await command("POST", "/element/\(element.id)/clear", [:]) { _ in () }
  }

  /// The text of `element` as rendered (what a user reads).
  public func text(of element: Element) async throws -> String {
    try await command("GET", "/element/\(element.id)/text") { $0 as? String ?? "" }
  }

  /// The text of the first element matching `css`, found afresh: a page whose script replaces
  /// its content (the live view) may drop an element between finding and reading it.
  public func text(_ css: String) async throws -> String {
    for _ in 0..<4 {
      do {
        return try await text(of: try await element(css))
      } catch let failure as WebDriver.Failure where failure.code == "stale element reference" {
        continue
      }
    }
    return try await text(of: try await element(css))
  }

  /// An attribute of `element` as written in the document, or `nil` when absent.
  public func attribute(_ name: String, of element: Element) async throws -> String? {
    try await command("GET", "/element/\(element.id)/attribute/\(name)") { $0 as? String }
  }

  /// A DOM property of `element` (for example an input's current `value`), as text.
  public func property(_ name: String, of element: Element) async throws -> String? {
    try await command("GET", "/element/\(element.id)/property/\(name)") { value in
      guard let value, !(value is NSNull) else { return nil }
      return "\(value)"
    }
  }

  /// Whether `element` is shown (not `display: none`, not hidden by an ancestor).
  public func isDisplayed(_ element: Element) async throws -> Bool {
    try await command("GET", "/element/\(element.id)/displayed") { $0 as? Bool ?? false }
  }

  /// Whether an option, checkbox or radio button is selected.
  public func isSelected(_ element: Element) async throws -> Bool {
    try await command("GET", "/element/\(element.id)/selected") { $0 as? Bool ?? false }
  }

  /// The page's address now (after redirects).
  /// Reloads the page, as the browser's reload button does, and waits for it.
  public func refresh() async throws {
    try await command("POST", "/refresh", [String: Any]()) { _ in () }
  }

  public func currentURL() async throws -> String {
    try await command("GET", "/url") { $0 as? String ?? "" }
  }

  /// Runs `script` (a function body that returns a string) to read state the page does not show.
  public func evaluate(_ script: String) async throws -> String? {
    try await command("POST", "/execute/sync", ["script": script, "args": [Any]()]) { value in
      guard let value, !(value is NSNull) else { return nil }
      return "\(value)"
    }
  }

  /// The text of an open alert, confirm or prompt dialog; `nil` when none is open.
  public func alertText() async throws -> String? {
    do {
      return try await command("GET", "/alert/text") { $0 as? String }
    } catch let failure as WebDriver.Failure where failure.code == "no such alert" {
      return nil
    }
  }

  /// A PNG of the viewport.
  public func screenshot() async throws -> Data {
    try await command("GET", "/screenshot") { value in
      guard let text = value as? String, let data = Data(base64Encoded: text) else {
        throw WebDriver.Failure("the screenshot is not base64")
      }
      return data
    }
  }

  /// Resizes the window to `width` × `height` pixels.
  public func resize(width: Int, height: Int) async throws {
    try await command("POST", "/window/rect", ["width": width, "height": height]) { _ in () }
  }

  /// Polls `condition` every `interval` seconds until it holds or `timeout` seconds have passed;
  /// whether it held. A failing read counts as "not yet".
  public func wait(
    timeout: Double, interval: Double = 0.05, until condition: () async throws -> Bool
  ) async -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    repeat {
      if (try? await condition()) == true { return true }
      try? await Task.sleep(for: .seconds(interval))
    } while Date() < deadline
    return (try? await condition()) == true
  }

  /// Waits up to `timeout` seconds for an element matching `css` to exist.
  public func waitForElement(_ css: String, timeout: Double = 5) async throws -> Element {
    let deadline = Date().addingTimeInterval(timeout)
    while true {
      do {
        return try await element(css)
      } catch let failure as WebDriver.Failure where failure.code == "no such element" && Date() < deadline {
        try await Task.sleep(for: .milliseconds(50))
      }
    }
  }

  /// Closes the window; calling it again does nothing.
  public func delete() async {
    var first = false
    deleted.update { wasDeleted in
      first = !wasDeleted
      wasDeleted = true
    }
    guard first else { return }
    _ = try? await Self.send(port: driverPort, "DELETE", "/session/\(id)", body: nil) { _ in () }
  }

  // MARK: The protocol

  func command<T: Sendable>(
    _ method: String, _ path: String, _ body: [String: Any]? = nil,
    _ read: @escaping @Sendable (Any?) throws -> T
  ) async throws -> T {
    let text = try body.map(Self.json)
    return try await Self.send(port: driverPort, method, "/session/\(id)\(path)", body: text, read)
  }

  /// Sends one command and hands the answer's `value` to `read`; an answer with an `error` throws
  /// it as a `WebDriver.Failure` carrying its code.
  static func send<T: Sendable>(
    port: Int, _ method: String, _ path: String, body: String?, _ read: @escaping @Sendable (Any?) throws -> T
  ) async throws -> T {
    try await RawHTTPClient.offThePool {
      let client = try RawHTTPClient(port: port, timeout: 60)
      defer { client.close() }
      var headers = [("Host", "127.0.0.1:\(port)")]
      if body != nil { headers.append(("Content-Type", "application/json; charset=utf-8")) }
      let response = try client.request(method, path, headers: headers, body: body)
      let object = try? JSONSerialization.jsonObject(
        with: Data(response.body.utf8), options: [.fragmentsAllowed])
      let value = (object as? [String: Any])?["value"]
      if let failure = value as? [String: Any], let code = failure["error"] as? String {
        let message = (failure["message"] as? String)?.split(separator: "\n").first.map(String.init) ?? ""
        throw WebDriver.Failure("\(method) \(path): \(code): \(message)", code: code)
      }
      guard (200..<300).contains(response.status) else {
        throw WebDriver.Failure("\(method) \(path): HTTP \(response.status)")
      }
      return try read(value)
    }
  }

  static func json(_ object: [String: Any]) throws -> String {
    String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
  }

  static func element(_ value: Any?) throws -> Element {
    guard let id = (value as? [String: Any])?[elementKey] as? String else {
      throw WebDriver.Failure("not an element reference")
    }
    return Element(id: id)
  }
}

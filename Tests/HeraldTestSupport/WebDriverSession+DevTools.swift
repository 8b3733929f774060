import Foundation

/// What WebDriver has no command for, through chromedriver's door to the DevTools protocol
/// (`/goog/cdp/execute`): granting a permission, a script that runs before the page's own, a push
/// message delivered to a service worker. And scripts that answer later (a promise's result).
extension WebDriverSession {
  /// Runs the DevTools command `name` with `parameters` on the window's page; its result.
  @discardableResult
  public func devTools(_ name: String, _ parameters: [String: any Sendable] = [:]) async throws -> String {
    try await command("POST", "/goog/cdp/execute", ["cmd": name, "params": parameters]) { value in
      guard let value, !(value is NSNull) else { return "" }
      return String(decoding: try JSONSerialization.data(withJSONObject: value), as: UTF8.self)
    }
  }

  /// Runs `script`, a function body that calls `done(text)` once it has its answer (a promise's
  /// result, a worker's reply); the text, or `nil`.
  public func evaluateAsync(_ script: String) async throws -> String? {
    let body = "const done = arguments[arguments.length - 1];\n" + script
    return try await command("POST", "/execute/async", ["script": body, "args": [Any]()]) { value in
      guard let value, !(value is NSNull) else { return nil }
      return "\(value)"
    }
  }
}

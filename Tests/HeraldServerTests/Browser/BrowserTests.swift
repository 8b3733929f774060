import Foundation
import HeraldContracts
import HeraldCore
import HeraldInterchange
import HeraldSQLite
import HeraldTestSupport
import Testing

/// The pages in a real browser: headless Chromium over WebDriver against the whole application on
/// a real socket (`ServerHarness.live`), reading and writing a real SQLite file.
///
/// Needs `chromium` and `chromedriver` (Debian: chromium, chromium-driver); `.ci/run` installs them
/// and sets `HERALD_REQUIRE_BROWSER=1`, so that CI cannot skip these tests. One browser at a time:
/// the timing checks (a change within a second) must not compete with a second Chromium.
@Suite(
  .serialized,
  .enabled(
    if: WebDriver.shouldRun,
    "chromium and chromedriver are not installed (apt-get install chromium chromium-driver); CI requires them"
  )
)
struct BrowserTests {
  /// Runs `body` with a browser window (asking for pages in `language`) and the address of
  /// `harness`'s application; closes both.
  static func browse<T: Sendable>(
    _ harness: ServerHarness, width: Int = 1280, height: Int = 1000, language: String = "en-US",
    mobile: Bool = false, dark: Bool = false, _ body: @Sendable (WebDriverSession, String) async throws -> T
  ) async throws -> T {
    let driver = try await RawHTTPClient.offThePool { try WebDriver() }
    defer { driver.stop() }
    return try await harness.live { port in
      let session = try await driver.session(
        width: width, height: height, language: language, mobile: mobile, dark: dark)
      do {
        let result = try await body(session, "http://127.0.0.1:\(port)")
        await session.delete()
        return result
      } catch {
        await session.delete()
        throw error
      }
    }
  }

  /// The identifiers and fire instants of `GET /api/v1/plan`'s pending notifications.
  static func plan(port: Int, token: String) async throws -> [String: Date] {
    let response = try await RawHTTPClient.request(
      port: port, "GET", "/api/v1/plan",
      headers: [("Host", "127.0.0.1"), ("Authorization", "Bearer \(token)")])
    #expect(response.status == 200)
    let object = try JSONSerialization.jsonObject(with: Data(response.body.utf8)) as? [String: Any]
    let pending = try #require(object?["pending"] as? [[String: Any]])
    var plan: [String: Date] = [:]
    for item in pending {
      if let id = item["id"] as? String, let text = item["fireDate"] as? String,
        let date = RFC3339.parse(text)
      {
        plan[id] = date
      }
    }
    return plan
  }

  /// The port of a page address `http://127.0.0.1:PORT`.
  static func port(of base: String) throws -> Int {
    try #require(Int(base.split(separator: ":").last ?? ""))
  }

  /// Seconds of a countdown text `M:SS` or `H:MM:SS`.
  static func seconds(_ countdown: String) -> Int? {
    let parts = countdown.split(separator: ":").map { Int($0) }
    guard !parts.isEmpty, parts.count <= 3, parts.allSatisfy({ $0 != nil }) else { return nil }
    return parts.compactMap { $0 }.reduce(0) { $0 * 60 + $1 }
  }
}

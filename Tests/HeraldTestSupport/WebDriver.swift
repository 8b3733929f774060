import Foundation
import HeraldSystem

/// A headless Chromium driven over W3C WebDriver (the parts `.ci/run` installs): `chromedriver` runs as
/// a child process on a free port and is spoken to in its JSON protocol over a plain socket; no
/// client library is needed. Stop it with `stop()` (the deinitializer does too): exactly once.
public final class WebDriver: @unchecked Sendable {
  /// Where `chromedriver` is, if installed (Debian: `chromium-driver`).
  public static var chromedriver: URL? { SessionBus.executable("chromedriver") }

  /// Whether a browser and its driver are installed here.
  public static var isAvailable: Bool {
    chromedriver != nil
      && (SessionBus.executable("chromium") ?? SessionBus.executable("chromium-browser")) != nil
  }

  /// CI sets `HERALD_REQUIRE_BROWSER=1`: the browser tests then run, and fail when the browser is
  /// missing, instead of being skipped.
  public static var isRequired: Bool { ProcessInfo.processInfo.environment["HERALD_REQUIRE_BROWSER"] == "1" }

  /// Whether the browser tests should run: the browser is here, or CI demands it.
  public static var shouldRun: Bool { isAvailable || isRequired }

  public let port: Int
  private let process: Process
  private let exited = DispatchSemaphore(value: 0)
  private let stopped = Locked(false)

  /// Starts `chromedriver` on a free port and returns once it reports itself ready.
  public init() throws {
    guard let executable = Self.chromedriver, Self.isAvailable else {
      throw Failure("chromedriver or chromium not found on PATH (apt-get install chromium chromium-driver)")
    }
    port = Int(try TCPTestServer.freePort())
    process = Process()
    process.executableURL = executable
    process.arguments = ["--port=\(port)"]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    process.terminationHandler = { [exited] _ in exited.signal() }
    try process.start()
    let deadline = Date().addingTimeInterval(20)
    while Date() < deadline, process.isRunning {
      if let status = try? RawHTTPClient(port: port, timeout: 2).request(
        "GET", "/status", headers: [("Host", "127.0.0.1:\(port)")]),
        status.status == 200, status.body.contains(#""ready":true"#)
      {
        return
      }
      Thread.sleep(forTimeInterval: 0.1)
    }
    stop()
    throw Failure("chromedriver did not become ready on port \(port) within 20 s")
  }

  deinit { stop() }

  /// Opens a headless browser window of `width` × `height` pixels (CSS), in `language`; with
  /// `mobile`, Chromium emulates a phone of that size (touch, a phone's user agent and pixel ratio),
  /// as a phone's browser lays the pages out; with `dark`, the system's theme is dark.
  public func session(
    width: Int = 1280, height: Int = 1000, language: String = "en-US", mobile: Bool = false,
    dark: Bool = false
  ) async throws -> WebDriverSession {
    var arguments = [
      "--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=\(width),\(height)",
      "--lang=\(language)",
      "--hide-scrollbars",
    ]
    if dark { arguments.append("--blink-settings=preferredColorScheme=0") }
    var options: [String: Any] = ["args": arguments]
    if mobile {
      options["mobileEmulation"] =
        [
          "deviceMetrics": ["width": width, "height": height, "pixelRatio": 3, "touch": true],
          "userAgent":
            "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36",
        ] as [String: Any]
    }
    let capabilities: [String: Any] = ["browserName": "chrome", "goog:chromeOptions": options]
    let body = try WebDriverSession.json(["capabilities": ["alwaysMatch": capabilities]])
    let port = port
    let id = try await WebDriverSession.send(port: port, "POST", "/session", body: body) { value in
      guard let id = (value as? [String: Any])?["sessionId"] as? String else {
        throw Failure("no sessionId in the new session's answer")
      }
      return id
    }
    return WebDriverSession(driverPort: port, id: id)
  }

  /// Ends `chromedriver` (SIGTERM, SIGKILL after 5 s); calling it again does nothing.
  public func stop() {
    var first = false
    stopped.update { wasStopped in
      first = !wasStopped
      wasStopped = true
    }
    guard first, process.isRunning else { return }
    process.terminate()
    if exited.wait(timeout: .now() + 5) == .timedOut, process.isRunning {
      kill(process.processIdentifier, SIGKILL)
    }
  }

  /// A WebDriver command that failed: its error code (`no such element`, `no such alert`, …)
  /// and message, or a failure to reach the driver.
  public struct Failure: Error, CustomStringConvertible {
    public var code: String?
    public var description: String
    public init(_ description: String, code: String? = nil) {
      self.description = description
      self.code = code
    }
  }
}

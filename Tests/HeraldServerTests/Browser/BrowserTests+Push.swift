import Foundation
import HeraldContracts
import HeraldCore
import HeraldInterchange
import HeraldPush
import HeraldSQLite
import HeraldTestSupport
import Testing

@testable import HeraldServer

/// The web app in a real Chromium (issue 51): the settings page's own script registers the service
/// worker and stores its subscription; a push message Herald made, delivered to that worker through
/// DevTools, shows the notification with its button; the button's press completes the task.
///
/// Headless Chromium has no push service: `pushManager.subscribe` never settles. So only that one
/// call is replaced, before the page's own script runs (DevTools'
/// `Page.addScriptToEvaluateOnNewDocument`), by one that answers a subscription with an endpoint
/// the server is told to allow (`--push-service`) and real keys; everything else — the permission
/// request, the worker's registration, the key from the server, the post with the form token — is
/// the page's. The push message goes to the real worker (`ServiceWorker.deliverPushMessage`), and
/// the press runs the worker's own handler code through its message port, since DevTools cannot
/// tap a notification.
extension BrowserTests {
  static let fakeEndpoint = "http://127.0.0.1:9999/push/browser-test"

  static var subscribeStub: String {
    """
    PushManager.prototype.subscribe = function () {
      const subscription = {
        endpoint: '\(fakeEndpoint)', expirationTime: null, options: { userVisibleOnly: true },
        toJSON() {
          return { endpoint: this.endpoint, expirationTime: null,
                   keys: { p256dh: '\(PushAPITests.p256dh)', auth: '\(PushAPITests.auth)' } };
        },
      };
      return Promise.resolve(subscription);
    };
    """
  }

  @Test func theSettingsPageSubscribesAndAPushedReminderIsAnsweredFromItsButton() async throws {
    let harness = try ServerHarness(port: 0, pushServices: PushServices(allowing: ["http://127.0.0.1:9999"]))
    defer { harness.remove() }
    try harness.store.addTask(id: "t1", title: "Steuererklärung abgeben", due: ServerHarness.now + 3600)
    let texts = PageTexts(language: .de)
    try await Self.browse(harness, width: 390, height: 844, language: "de-DE") { browser, base in
      try await browser.devTools(
        "Browser.grantPermissions", ["origin": base, "permissions": ["notifications"]])
      try await browser.devTools("Page.addScriptToEvaluateOnNewDocument", ["source": Self.subscribeStub])
      try await browser.navigate(to: base + "/settings")
      let button = try await browser.waitForElement("#device-subscribe")
      #expect(await browser.wait(timeout: 5) { try await browser.isDisplayed(button) })
      try await browser.click(button)

      // Stored by the page's own post, and the page says so.
      #expect(await browser.wait(timeout: 10) { try harness.store.pushSubscriptions().count == 1 })
      #expect(try harness.store.pushSubscriptions().map(\.endpoint) == [Self.fakeEndpoint])
      #expect(
        await browser.wait(timeout: 5) { try await browser.text("#device-state") == texts.deviceSubscribed })
      let worker = try await browser.evaluateAsync(
        "navigator.serviceWorker.ready.then(r => done(r.active.scriptURL + ' ' + r.scope));")
      #expect(worker == "\(base)/sw.js \(base)/")
      try await Self.saveDeviceScreenshot(browser)

      // The push Herald makes for the task's morning reminder, its links under this server.
      let links = PushLinks(
        publicURL: try #require(URL(string: base)), scope: .store,
        secret: try LinkSecret(text: try harness.store.pushLinkSecret { LinkSecret().text }))
      let fire = ServerHarness.now - 60
      let notification = PlannedNotification(
        identifier: "due-date-morning-t1",
        content: NotificationContent(
          title: "Steuererklärung abgeben", body: "Heute fällig", interruptionLevel: .active,
          categoryIdentifier: "due-date"),
        fireDate: fire, now: fire - 3600)
      let payload = PushPayload(
        Delivery(notification: notification, deliveredAt: fire, late: false, actions: [.done], language: .de),
        links: links)
      let doneLink = links.url(.done, for: notification).absoluteString

      // The worker's registration id is not known to the page: the first of a new profile's ids
      // that shows the notification is the one.
      var shown: [[String: Any]] = []
      for id in 0..<4 where shown.isEmpty {
        try await browser.devTools(
          "ServiceWorker.deliverPushMessage",
          [
            "origin": base, "registrationId": String(id),
            "data": String(decoding: payload.bytes, as: UTF8.self),
          ])
        _ = await browser.wait(timeout: 3) {
          shown = try await Self.notifications(browser)
          return !shown.isEmpty
        }
      }
      let first = try #require(shown.first)
      #expect(first["title"] as? String == "Steuererklärung abgeben")
      #expect(first["body"] as? String == "Heute fällig")
      #expect(first["tag"] as? String == "due-date-morning-t1")
      #expect(first["lang"] as? String == "de")
      #expect(first["actions"] as? [String] == ["done"])
      #expect(first["titles"] as? [String] == ["Erledigt"])
      #expect(first["done"] as? String == doneLink)
      #expect(try harness.store.tasks().first?.completed == false)

      // "Erledigt" pressed: the worker's own handler posts the link.
      let reply = try await browser.evaluateAsync(
        """
        const channel = new MessageChannel();
        channel.port1.onmessage = (event) => done(JSON.stringify(event.data));
        navigator.serviceWorker.ready.then((r) => r.active.postMessage(
          { type: 'herald-answer', tag: 'due-date-morning-t1', action: 'done' }, [channel.port2]));
        """)
      #expect(reply == #"{"taken":true}"#)
      #expect(try harness.store.tasks().first?.completed == true)
      #expect(try await Self.notifications(browser).isEmpty)
    }
  }

  /// The notifications the worker shows: title, body, tag, language, actions and their titles, and
  /// the done button's link.
  static func notifications(_ browser: WebDriverSession) async throws -> [[String: Any]] {
    let text = try await browser.evaluateAsync(
      """
      navigator.serviceWorker.ready.then((r) => r.getNotifications()).then((shown) => done(JSON.stringify(
        shown.map((n) => ({ title: n.title, body: n.body, tag: n.tag, lang: n.lang,
          actions: n.actions.map((a) => a.action), titles: n.actions.map((a) => a.title),
          done: n.data && n.data.actions && n.data.actions.done })))));
      """)
    let data = Data((text ?? "[]").utf8)
    return try JSONSerialization.jsonObject(with: data) as? [[String: Any]] ?? []
  }

  /// The settings page's "On this device" at a phone's width, for docs/ (`HERALD_SCREENSHOTS`).
  static func saveDeviceScreenshot(_ browser: WebDriverSession) async throws {
    _ = try await browser.evaluate("document.getElementById('device').scrollIntoView(); return null;")
    let png = try await browser.screenshot()
    #expect(png.prefix(8) == pngSignature)
    guard let directory = ProcessInfo.processInfo.environment["HERALD_SCREENSHOTS"] else { return }
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    try png.write(to: URL(fileURLWithPath: directory).appendingPathComponent("phone-settings-device.png"))
  }
}

import Foundation
import HeraldInterchange
import HeraldPush
import HeraldSQLite
import HeraldTestSupport
import Testing

/// `herald run --sink push --sink stdout` on a fast clock delivers a Monday of reminders — focus
/// blocks, due dates (morning and advance), movement breaks — to devices on two independent push
/// services (`scripts/push-service.py`: `http_ece` decrypts, `cryptography` verifies the VAPID
/// token). Every reminder reaches every live device exactly once, with the plan's text and on
/// time; a 410 removes its device after one POST; 429 and 503 are tried again and delivered once;
/// a push service that never answers delays nobody else.
@Suite struct PushServiceTests {
  static let clockStart = Fixtures.instant("2026-11-23T08:50:00Z")
  /// The day's last reminder fires before this (the movement block ends at 17:00).
  static let windowEnd = Fixtures.instant("2026-11-23T17:05:00Z")
  /// Fast-clock seconds a real second: the day's eight hours play in 33 s.
  static let speed = 900.0
  static let contact = "mailto:ops@herald.example"

  static let scenario = """
    {
      "timeZone": "UTC",
      "locale": "en",
      "settings": {
        "focusBlockLeadMinutes": 5,
        "dueDateMorningReminderEnabled": true,
        "dueDateMorningReminderHour": 9,
        "dueDateMorningReminderMinute": 0,
        "dueDateAdvanceReminderEnabled": true,
        "dueDateAdvanceReminderMinutes": 60
      },
      "focusBlocks": [
        { "id": "b1", "title": "Deep Work \\"Q4\\" <draft>", "start": "2026-11-23T10:00:00Z",
          "end": "2026-11-23T11:30:00Z", "taskIDs": ["t1"] },
        { "id": "b2", "title": "Review 👩‍💻", "start": "2026-11-23T14:00:00Z", "end": "2026-11-23T15:00:00Z" }
      ],
      "tasks": [
        { "id": "t1", "title": "Steuererklärung & Belege", "due": "2026-11-23T16:00:00Z" },
        { "id": "t2", "title": "Angebot schreiben", "due": "2026-11-23T12:00:00Z" }
      ],
      "movement": {
        "intervalMinutes": 90,
        "activeHours": { "start": "08:00", "end": "20:00" },
        "days": { "monday": { "timeBlocks": [ { "start": "09:00", "end": "17:00", "style": "standard" } ] } }
      }
    }
    """

  @Test(.timeLimit(.minutes(3)))
  func aDayOfRemindersReachesEveryLiveDeviceOnceAndGoneOnesAreRemoved() async throws {
    guard let python = PushReference.python(fail: { Issue.record(Comment(rawValue: $0)) }) else { return }
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let database = directory.path("herald.sqlite")
    let scenarioFile = directory.path("scenario.json")
    try Self.scenario.write(toFile: scenarioFile, atomically: true, encoding: .utf8)
    let imported = try HeraldProcess.run(["import", "--database", database, scenarioFile])
    try #require(imported.status == 0, "import failed: \(imported.stderr)")
    try SQLiteStore(path: database).writeCheckpoint(Self.clockStart)

    // Given: one push service with two phones, one device that is gone (410), one that is busy
    // once (429, Retry-After: 1) and one whose service fails once (503); another service that
    // accepts connections and never answers.
    let phone = PushServiceProcess.Device(path: "/push/phone")
    let laptop = PushServiceProcess.Device(path: "/push/laptop")
    let gone = PushServiceProcess.Device(path: "/push/gone")
    let busy = PushServiceProcess.Device(path: "/push/busy")
    let flaky = PushServiceProcess.Device(path: "/push/flaky")
    let stuck = PushServiceProcess.Device(path: "/push/stuck")
    let service = try await PushServiceProcess(
      python: python, devices: [phone, laptop, gone, busy, flaky],
      scripts: [
        gone.path: [["status": 410]],
        busy.path: [["status": 429, "retryAfter": "1"], ["status": 201]],
        flaky.path: [["status": 503], ["status": 201]],
      ], sub: Self.contact, directory: directory, name: "service")
    defer { service.stop() }
    let dead = try await PushServiceProcess(
      python: python, devices: [stuck], scripts: [stuck.path: [["hang": 120]]], sub: Self.contact,
      directory: directory, name: "dead")
    defer { dead.stop() }
    let store = try SQLiteStore(path: database)
    for (device, host) in [
      (phone, service), (laptop, service), (gone, service), (busy, service), (flaky, service), (stuck, dead),
    ] {
      _ = try store.savePushSubscription(
        endpoint: host.endpoint(device), p256dh: device.p256dh, auth: Base64URL.encode(device.auth),
        expirationTime: nil, at: Self.clockStart)
    }
    let plan = try Self.plan(scenarioFile)

    // When: the daemon runs the day on a fast clock, pushing and printing every reminder.
    let anchor = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.up) + 1)
    let daemon = try StreamingProcess([
      "run", "--sink", "push", "--sink", "stdout", "--database", database, "--time-zone", "UTC",
      "--clock-start", RFC3339.utcString(Self.clockStart), "--clock-speed", "\(Self.speed)",
      "--clock-anchor", RFC3339.utcString(anchor), "--push-contact", Self.contact,
      "--push-service", service.origin, "--push-service", dead.origin, "--public-url",
      "https://herald.example",
    ])
    let watchdog = daemon.kill(after: 150)
    defer { watchdog.cancel() }
    let printed = Locked<[String: [String: Any]]>([:])
    let reader = Task {
      for await line in daemon.lines where line.isComplete {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.text.utf8)) as? [String: Any],
          let id = object["id"] as? String, let fire = object["fireDate"] as? String
        else { continue }
        printed.update { $0["\(id) \(fire)"] = object }
      }
    }
    func realTime(_ fireDate: Date) -> Date {
      anchor.addingTimeInterval(fireDate.timeIntervalSince(Self.clockStart) / Self.speed)
    }
    let live = [phone, laptop, busy, flaky].map(\.path)
    // Waits for the day to pass, then for the live devices to have every reminder printed in it
    // (retries take real seconds), bounded.
    let dayOver = realTime(Self.windowEnd)
    let deadline = dayOver.addingTimeInterval(20)
    func inDay(_ key: String) -> Bool {
      RFC3339.parse(String(key.split(separator: " ").last ?? "")).map { $0 <= Self.windowEnd } ?? false
    }
    while Date() < deadline {
      let expected = Set(printed.value.keys.filter(inDay))
      let accepted = service.received().filter { $0.status == 201 }
      if Date() > dayOver,
        live.allSatisfy({ path in
          expected.isSubset(of: Set(accepted.filter { $0.path == path }.compactMap(\.key)))
        })
      {
        break
      }
      try await Task.sleep(for: .milliseconds(100))
    }
    let stoppedAt = Date()
    let status = await daemon.stop(within: 30)
    let stopTook = Date().timeIntervalSince(stoppedAt)
    _ = await reader.value
    let errors = daemon.standardError.map(\.text)
    #expect(status == 0, "herald run: \(errors.suffix(10).joined(separator: "\n"))")

    // Then: the day's reminders, of every kind, as printed.
    let day = printed.value.filter { inDay($0.key) }
    for kind in ["focus-block-start-", "due-date-morning-", "due-date-advance-", "exercise-reminder "] {
      #expect(day.keys.contains { $0.hasPrefix(kind) }, "no \(kind) reminder printed: \(day.keys.sorted())")
    }
    // The plan's reminders of the day are among them, with the same texts (a movement chain
    // plans one at a time: its first is in the plan).
    for item in plan where inDay(item.key) {
      let line = try #require(day[item.key], "planned \(item.key) was not printed")
      #expect(line["title"] as? String == item.title && line["body"] as? String == item.body)
    }

    let received = service.received()
    #expect(received.allSatisfy { $0.error == nil }, "\(received.compactMap(\.error).prefix(3))")
    for path in live {
      let accepted = received.filter { $0.path == path && $0.status == 201 }
      let keys = accepted.compactMap(\.key)
      // Each reminder of the day once, and nothing else of the day.
      #expect(Set(keys.filter(inDay)) == Set(day.keys), "\(path)")
      #expect(keys.count == Set(keys).count, "\(path) got a reminder twice")
      for push in accepted {
        guard let key = push.key, let line = day[key] else { continue }
        #expect(push.notification?["title"] as? String == line["title"] as? String, "\(path) \(key)")
        #expect(push.notification?["body"] as? String == line["body"] as? String, "\(path) \(key)")
        #expect(push.notification?["tag"] as? String == line["id"] as? String)
        #expect((push.notification?["navigate"] as? String)?.hasPrefix("https://herald.example/") == true)
        #expect(push.urgency == Self.urgency(line["interruptionLevel"] as? String))
      }
    }
    // On time where the service answered at once: within 2 s of the fast clock's instant, whatever
    // the dead service does.
    var latest = 0.0
    for push in received where [phone.path, laptop.path].contains(push.path) {
      guard let fire = (push.herald?["fireDate"] as? String).flatMap({ RFC3339.parse($0) }) else { continue }
      let after = push.time.timeIntervalSince(realTime(fire))
      latest = max(latest, after)
      #expect(after < 2, "\(push.path) \(push.key ?? "?") arrived \(after) s after its time")
    }
    // 410: the device is gone from the store and never sent to again. Reminders due at the same
    // instant are sent at once, so each of the first instant's may have been on its way.
    let gonePosts = received.filter { $0.path == gone.path }
    let firstInstant = gonePosts.first?.herald?["fireDate"] as? String
    #expect(!gonePosts.isEmpty && gonePosts.allSatisfy { $0.herald?["fireDate"] as? String == firstInstant })
    let kept = try store.pushSubscriptions().map(\.endpoint)
    #expect(!kept.contains(service.endpoint(gone)))
    #expect(kept.count == 5)
    // 429 with Retry-After: 1: the same reminder again a second later, accepted once.
    for (device, status) in [(busy, 429), (flaky, 503)] {
      let posts = received.filter { $0.path == device.path }
      let refused = try #require(posts.first)
      #expect(refused.status == status)
      let again = try #require(
        posts.dropFirst().first { $0.key == refused.key }, "\(device.path) not tried again")
      #expect(again.status == 201)
      // Retry-After: 1 for the 429; the first back-off, a second, for the 503.
      #expect(again.time.timeIntervalSince(refused.time) >= 0.95, "\(device.path)")
    }
    // The dead service got POSTs and answered none; nothing from it was recorded delivered.
    #expect(!dead.received().isEmpty)
    #expect(dead.received().allSatisfy { $0.status == nil && $0.error == nil })
    let subscriptions = try store.pushSubscriptions()
    for record in subscriptions {
      let isDead = record.endpoint == dead.endpoint(stuck)
      #expect((record.lastDeliveredAt == nil) == isDead, "\(record.endpoint)")
    }
    // Stopping gives the sends still tried (the dead service's) a few seconds, no more.
    #expect(stopTook < 20)
    print(
      "PushServiceTests: \(day.count) reminders of the day, \(received.count) POSTs to the live service, "
        + "\(dead.received().count) to the dead one; the live phones' latest push \(Int(latest * 1000)) ms after "
        + "its time; stop took \(String(format: "%.1f", stopTook)) s")
  }

  static func urgency(_ level: String?) -> String {
    switch level {
    case "passive": "low"
    case "timeSensitive", "critical": "high"
    default: "normal"
    }
  }

  /// `herald plan` at the clock's start: each pending reminder's key, title and body.
  static func plan(_ scenario: String) throws -> [(key: String, title: String, body: String)] {
    let result = try HeraldProcess.run([
      "plan", "--scenario", scenario, "--now", RFC3339.utcString(clockStart), "--limits", "unlimited",
    ])
    guard result.status == 0,
      let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any],
      let pending = object["pending"] as? [[String: Any]]
    else { throw PushServiceFailure("herald plan failed: \(result.stderr)") }
    return pending.compactMap { item in
      guard let id = item["id"] as? String, let fire = item["fireDate"] as? String,
        let title = item["title"] as? String, let body = item["body"] as? String
      else { return nil }
      return ("\(id) \(fire)", title, body)
    }
  }
}

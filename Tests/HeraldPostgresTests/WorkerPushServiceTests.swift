import Foundation
import HeraldCore
import HeraldInterchange
import HeraldPostgres
import HeraldPush
import HeraldTestSupport
import Testing

/// Two `herald worker` processes on one PostgreSQL database push every user's reminders to an
/// independent push service (`scripts/push-service.py`: `http_ece` decrypts, `cryptography`
/// verifies the VAPID token): each reminder reaches each live device of its user once, on time,
/// with the text the worker recorded for it; a 410 removes its device, a 429 is tried again.
@Suite(.enabled(if: TestDatabase.enabled, TestDatabase.skipReason))
struct WorkerPushServiceTests {
  static let contact = "mailto:ops@herald.example"
  static let users = ["ada", "bob", "cyd"]

  @Test(.timeLimit(.minutes(3)))
  func twoWorkersPushEveryUsersRemindersToEachLiveDeviceOnce() async throws {
    guard let python = PushReference.python(fail: { Issue.record(Comment(rawValue: $0)) }) else { return }
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    // Each user: a phone and a laptop; Ada's old phone is gone (410), Bob's laptop busy once (429).
    let devices = Dictionary(
      uniqueKeysWithValues: Self.users.map { user in
        (user, ["phone", "laptop"].map { PushServiceProcess.Device(path: "/push/\(user)-\($0)") })
      })
    let gone = PushServiceProcess.Device(path: "/push/ada-old-phone")
    let service = try await PushServiceProcess(
      python: python, devices: devices.values.flatMap { $0 } + [gone],
      scripts: [
        gone.path: [["status": 410]],
        "/push/bob-laptop": [["status": 429, "retryAfter": "1"], ["status": 201]],
      ], sub: Self.contact, directory: directory, name: "service")
    defer { service.stop() }

    try await TestDatabase.withDatabase { url in
      // Reminders of two kinds in the next half minute of real time: each user's focus block
      // starts 5 minutes after its reminder, their task is due an hour after its advance reminder.
      let base = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.up) + 12)
      try await PostgresStore.withStore(url, logger: TestDatabase.logger) { store in
        for (index, user) in Self.users.enumerated() {
          _ = try await store.addUser(name: user, timeZone: .utc, language: .en, webhook: nil, at: Date())
          let fire = base.addingTimeInterval(Double(index) * 2)
          var state = PlanningState(timeZone: .utc)
          state.settings.dueDateAdvanceReminderEnabled = true
          state.settings.dueDateAdvanceReminderMinutes = .oneHour
          state.focusBlocks = [
            FocusBlock(
              id: "b1", title: "Deep Work <\(user)> & \"Q4\"", start: fire.addingTimeInterval(300),
              end: fire.addingTimeInterval(3600))
          ]
          state.tasks = [TodoItem(id: "t1", title: "Steuer 👩‍💻 \(user)", due: fire.addingTimeInterval(3605))]
          try await store.replaceData(ofUser: user, with: state, now: Date())
          let data = store.data(ofUser: try await store.user(named: user).id) { Date() }
          for device in (devices[user] ?? []) + (user == "ada" ? [gone] : []) {
            _ = try await data.savePushSubscription(
              endpoint: service.endpoint(device), p256dh: device.p256dh, auth: Base64URL.encode(device.auth),
              expirationTime: nil, at: Date())
          }
        }
      }
      let planned = try await TestDatabase.column(
        url,
        "SELECT count(*)::text FROM delivery WHERE status = 'pending' AND fire_at < \(Self.sql(base + 60))")
      #expect(planned == ["6"], "each user's two reminders are queued")

      // When: two workers push them.
      let arguments = [
        "worker", "--postgres", url.description, "--push-contact", Self.contact, "--push-service",
        service.origin,
        "--public-url", "https://herald.example",
      ]
      let workers = try [StreamingProcess(arguments), StreamingProcess(arguments)]
      defer { workers.forEach { $0.kill() } }
      let live = devices.values.flatMap { $0 }.map(\.path)
      let deadline = base.addingTimeInterval(40)
      func accepted() -> [PushServiceProcess.Received] { service.received().filter { $0.status == 201 } }
      while Date() < deadline, Set(accepted().map { "\($0.path) \($0.key ?? "")" }).count < live.count * 2 {
        try await Task.sleep(for: .milliseconds(100))
      }
      try await Task.sleep(for: .seconds(1))

      // Then: every reminder once per live device, with the recorded text, on time.
      let rows = try await TestDatabase.column(
        url,
        """
        SELECT u.name || ' ' || d.request_id || ' ' || to_char(d.fire_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
          || ' ' || d.payload
        FROM delivery d JOIN herald_user u ON u.id = d.user_id
        WHERE d.status = 'delivered' ORDER BY d.fire_at
        """
      ).compactMap { $0 }
      #expect(rows.count == 6, "\(rows)")
      let received = accepted()
      for row in rows {
        let parts = row.split(separator: " ", maxSplits: 3).map(String.init)
        let (user, id, fire) = (parts[0], parts[1], parts[2])
        let payload = try #require(
          try JSONSerialization.jsonObject(with: Data(parts[3].utf8)) as? [String: Any])
        for device in devices[user] ?? [] {
          let copies = received.filter { $0.path == device.path && $0.key == "\(id) \(fire)" }
          #expect(copies.count == 1, "\(device.path) got \(copies.count) of \(id)")
          guard let copy = copies.first else { continue }
          #expect(copy.notification?["title"] as? String == payload["title"] as? String)
          #expect(copy.notification?["body"] as? String == payload["body"] as? String)
          let late = copy.time.timeIntervalSince(try #require(RFC3339.parse(fire)))
          #expect(late < 5, "\(device.path) got \(id) \(late) s after its time")
        }
        // Nobody else's device got it.
        let others = Set(devices.filter { $0.key != user }.values.flatMap { $0 }.map(\.path))
        #expect(
          !received.contains {
            others.contains($0.path) && $0.key == "\(id) \(fire)"
              && $0.notification?["title"] as? String == payload["title"] as? String
          })
      }
      // The gone device: asked once, removed; the busy one was asked again and took it.
      #expect(service.received().filter { $0.path == gone.path }.count == 1)
      let endpoints = try await TestDatabase.column(url, "SELECT endpoint FROM push_subscription").compactMap
      { $0 }
      #expect(!endpoints.contains(service.endpoint(gone)) && endpoints.count == 6)
      #expect(service.received().contains { $0.path == "/push/bob-laptop" && $0.status == 429 })
    }
  }

  static func sql(_ date: Date) -> String { "'\(RFC3339.utcString(date))'::timestamptz" }
}

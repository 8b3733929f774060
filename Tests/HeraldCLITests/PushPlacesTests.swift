import Foundation
import HeraldPush
import HeraldSQLite
import HeraldTestSupport
import Testing

/// A walk's places on the phone: the recorded track near Višnjan replayed through `herald run
/// --sink push --sink stdout --location gpx:…` past two points of interest on it. Each point
/// reached, and the route's completion, reach the subscribed device through the independent push
/// service (`scripts/push-service.py`) with the text the stdout sink prints — and no coordinates.
@Suite struct PushPlacesTests {
  @Test(.timeLimit(.minutes(2)))
  func aWalksPlacesReachThePhoneWithTheirTextAndNoCoordinates() async throws {
    guard let python = PushReference.python(fail: { Issue.record(Comment(rawValue: $0)) }) else { return }
    let fixes = try WalkFixture.trackFixes(RecordedTrackDaemonTests.track)
    let points = RecordedTrackDaemonTests.placed(
      [("Brunnen am Weg", 0...1), ("Alte Kirche", 2...8)], fixes: fixes)
    try #require(points.count == 2)
    let fixture = WalkFixture(routeID: "kirchweg", name: "Kirchweg", points: points)
    let expected = fixture.expectedIDs(fixes)
    try #require(expected.count == 3, "\(expected)")

    let db = try CLIDatabase()
    defer { db.remove() }
    try fixture.startWalk(in: db)
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let phone = PushServiceProcess.Device(path: "/push/phone")
    let service = try await PushServiceProcess(
      python: python, devices: [phone], scripts: [:], sub: PushServiceTests.contact, directory: directory,
      name: "service")
    defer { service.stop() }
    _ = try SQLiteStore(path: db.path).savePushSubscription(
      endpoint: service.endpoint(phone), p256dh: phone.p256dh, auth: Base64URL.encode(phone.auth),
      expirationTime: nil, at: Date())

    let run = try await PlaceRun(
      [
        "run", "--sink", "push", "--sink", "stdout", "--location", "gpx:\(RecordedTrackDaemonTests.track)",
        "--replay-speed", "400", "--database", db.path, "--push-contact", PushServiceTests.contact,
        "--push-service", service.origin,
      ],
      timeout: 60
    ) { _, log in log.contains { $0.contains("GPX replay ended") } }
    #expect(run.status == 0, "\(run.errorText)")
    #expect(run.ids == expected, "\(run.errorText)")

    // Stopping waited for the sends: every place printed was pushed, once, with its text.
    let received = service.received()
    #expect(received.allSatisfy { $0.error == nil && $0.status == 201 }, "\(received.compactMap(\.error))")
    #expect(received.compactMap { $0.herald?["id"] as? String } == expected)
    for (push, line) in zip(received, run.lines) {
      #expect(push.notification?["title"] as? String == line["title"] as? String)
      #expect(push.notification?["body"] as? String == line["body"] as? String)
      // No coordinates in what leaves for the push service (ARCHITECTURE.md, principle 7).
      let text = String(
        decoding: try JSONSerialization.data(withJSONObject: push.payload ?? [:]), as: UTF8.self)
      for point in points {
        #expect(!text.contains(String(format: "%.4f", point.latitude)))
        #expect(!text.contains(String(format: "%.4f", point.longitude)))
      }
      #expect(!text.contains("latitude") && !text.contains("longitude"))
    }
  }
}

import Foundation
import HeraldCore
import HeraldPush
import Testing

/// TTL from Herald's late/missed rule, Urgency from the interruption level, Topic per request id.
@Suite struct PushHeadersTests {
  let fire = PushFixtures.fireDate

  @Test func theTTLLastsUntilTheReminderWouldBeRecordedMissed() {
    // Sent at its time: the whole 12-hour grace window.
    #expect(PushHeaders.ttl(fireDate: fire, now: fire, policy: DeliveryPolicy()) == 43_200)
    // Sent an hour late: eleven hours left.
    #expect(PushHeaders.ttl(fireDate: fire, now: fire + 3600, policy: DeliveryPolicy()) == 39_600)
    // Sent early (a clock ahead): never more than 12 hours.
    #expect(PushHeaders.ttl(fireDate: fire, now: fire - 3600, policy: DeliveryPolicy()) == 43_200)
    // Almost past the window, or past it: at least a minute.
    #expect(PushHeaders.ttl(fireDate: fire, now: fire + 43_170, policy: DeliveryPolicy()) == 60)
    #expect(PushHeaders.ttl(fireDate: fire, now: fire + 90_000, policy: DeliveryPolicy()) == 60)
    // A shorter window of the operator's: its own end.
    #expect(PushHeaders.ttl(fireDate: fire, now: fire, policy: DeliveryPolicy(graceWindow: 600)) == 600)
  }

  @Test func urgencyFollowsTheInterruptionLevel() {
    #expect(
      InterruptionLevel.allCases.map { PushHeaders.Urgency($0).rawValue } == [
        "low", "normal", "high", "high",
      ])
  }

  @Test func theTopicIsTheSameForARequestIdAndWithinRFC8030sLimits() {
    let ids = [
      "focus-block-start-b1", "spot_Café am Markt_1780000000", "", String(repeating: "ü", count: 500),
    ]
    let topics = ids.map(PushHeaders.topic(requestID:))

    #expect(topics == ids.map(PushHeaders.topic(requestID:)))
    #expect(Set(topics).count == ids.count)
    for topic in topics {
      #expect(topic.count <= 32)
      #expect(Base64URL.isAlphabet(topic))
    }
  }

  @Test func theFieldsNameEveryHeader() {
    let headers = PushHeaders(
      requestID: "due-date-morning-t1", fireDate: fire, level: .timeSensitive, now: fire)
    let fields = Dictionary(uniqueKeysWithValues: headers.fields.map { ($0.name, $0.value) })

    #expect(fields["TTL"] == "43200")
    #expect(fields["Urgency"] == "high")
    #expect(fields["Topic"] == PushHeaders.topic(requestID: "due-date-morning-t1"))
    #expect(fields["Content-Encoding"] == "aes128gcm")
  }
}

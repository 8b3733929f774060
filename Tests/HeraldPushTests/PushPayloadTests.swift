import Foundation
import HeraldCore
import HeraldInterchange
import HeraldPush
import Testing

/// The declarative Web Push JSON of the contract, and its shortening to 4 096 encrypted bytes.
@Suite struct PushPayloadTests {
  @Test func theJSONHasTheContractsFields() throws {
    let delivery = PushFixtures.delivery(
      id: "movement-b1-3", title: "Bewegung", body: "Kurz aufstehen", level: .passive,
      actions: [.done, .snooze],
      late: true, category: "movement")
    let json = try JSONValue.parse(Data(PushPayload(delivery, links: PushFixtures.links).fitted()))

    #expect(json["web_push"] == .number(8030))
    let notification = try #require(json["notification"])
    #expect(notification["title"] == .string("Bewegung"))
    #expect(notification["body"] == .string("Kurz aufstehen"))
    #expect(notification["tag"] == .string("movement-b1-3"))
    #expect(notification["lang"] == .string("de"))
    #expect(notification["silent"] == .bool(true))
    guard case .string(let navigate) = notification["navigate"] else { throw Missing("navigate") }
    #expect(navigate.hasPrefix("https://herald.example/push/actions/"))
    guard case .array(let actions) = notification["actions"] else { throw Missing("actions") }
    #expect(actions.map { $0["action"] } == [.string("done"), .string("snooze")])
    #expect(
      actions.map { $0["title"] } == [.string(Texts(.de).doneAction), .string(Texts(.de).snoozeAction)])
    let herald = try #require(json["herald"])
    #expect(herald["id"] == .string("movement-b1-3"))
    #expect(herald["category"] == .string("movement"))
    #expect(herald["fireDate"] == .string("2026-05-28T20:26:40Z"))
    #expect(herald["interruptionLevel"] == .string("passive"))
    #expect(herald["late"] == .bool(true))
  }

  @Test func eachLinkDoesOneActionOnThisReminder() throws {
    let delivery = PushFixtures.delivery(actions: [.done, .snooze])
    let payload = PushPayload(delivery, links: PushFixtures.links)
    let tokens = ([payload.navigate] + payload.buttons.map(\.navigate)).map(\.lastPathComponent)
    let links = tokens.map {
      ActionLink.verify($0, secret: PushFixtures.links.secret, now: PushFixtures.fireDate)
    }

    #expect(
      links
        == [ActionLink.Action.open, .done, .snooze].map {
          .valid(
            ActionLink(
              scope: .store, requestID: "due-date-morning-t1", action: $0, fireDate: PushFixtures.fireDate))
        })
  }

  @Test func aPlaceOffersItsMap() {
    let payload = PushPayload(
      PushFixtures.delivery(id: "spot_Turm_1780000000", actions: [.open], category: "place"),
      links: PushFixtures.links)
    #expect(payload.buttons.map(\.action) == [.map])
    #expect(payload.buttons.map(\.title) == [Texts(.de).openMapAction])
  }

  @Test func textThatFitsIsSentWhole() throws {
    let title = String(repeating: "Ä", count: 200)
    let body = String(repeating: "🧘🏽‍♀️", count: 80)
    let payload = PushPayload(PushFixtures.delivery(title: title, body: body), links: PushFixtures.links)
    let json = try JSONValue.parse(Data(payload.fitted()))

    #expect(json["notification"]?["title"] == .string(title))
    #expect(json["notification"]?["body"] == .string(body))
  }

  @Test(arguments: [
    ("e\u{301}", 6_000),  // é as e + a combining accent: two scalars, one character
    ("👩‍👩‍👧‍👦", 1_000),  // a family: seven scalars, 25 bytes, one character
    ("\"\\\u{1}", 3_000),  // what JSON escapes: the bytes grow when written
    ("x", 10_000),
  ])
  func aLongBodyIsShortenedToFitWithAnEllipsis(unit: String, count: Int) throws {
    let browser = PushFixtures.Browser()
    let title = "Abgabe"
    let body = String(repeating: unit, count: count)
    let delivery = PushFixtures.delivery(title: title, body: body)
    let message = try PushMessage(
      delivery, for: browser.subscription(), links: PushFixtures.links,
      tokens: VAPIDTokenCache(key: VAPIDKey(), subject: "mailto:a@b.example"), now: PushFixtures.fireDate)

    #expect(message.body.count <= 4096)
    let json = try JSONValue.parse(Data(browser.decrypt(message.body)))
    #expect(json["notification"]?["title"] == .string(title))
    guard case .string(let sent) = json["notification"]?["body"] else { throw Missing("body") }
    #expect(sent.hasSuffix("…"))
    let kept = String(sent.dropLast())
    // Whole characters only: those kept are the body's first ones, the last not cut inside (a
    // bare "e" of "é", a part of the family's sequence, would differ from the body's character).
    #expect(kept.count > 0)
    #expect(Array(body).starts(with: Array(kept)))
    // And no more shortening than needed: one more character would not have fit.
    var longer = PushPayload(delivery, links: PushFixtures.links)
    longer.body = String(Array(body).prefix(kept.count + 1)) + "…"
    #expect(longer.bytes.count > WebPushEncryption.maximumPlaintextSize)
  }

  @Test func aLongTitleAndALongBodyAreBothShortened() throws {
    let payload = PushPayload(
      PushFixtures.delivery(
        title: String(repeating: "T", count: 5_000), body: String(repeating: "B", count: 5_000)),
      links: PushFixtures.links)
    let fitted = try payload.fitted()
    let json = try JSONValue.parse(Data(fitted))

    #expect(fitted.count <= WebPushEncryption.maximumPlaintextSize)
    guard case .string(let title) = json["notification"]?["title"],
      case .string(let body) = json["notification"]?["body"]
    else { throw Missing("title, body") }
    #expect(title.hasSuffix("…") && body.hasSuffix("…"))
    #expect(title.count == body.count)
  }

  @Test func aShortTitleStaysWholeBesideALongBody() throws {
    let title = String(repeating: "Titel ", count: 20)
    let payload = PushPayload(
      PushFixtures.delivery(title: title, body: String(repeating: "B", count: 9_000)),
      links: PushFixtures.links)
    let json = try JSONValue.parse(Data(payload.fitted()))
    #expect(json["notification"]?["title"] == .string(title))
  }

  @Test func partsThatCannotBeShortenedAreReportedWhenTooLong() {
    let payload = PushPayload(
      PushFixtures.delivery(id: String(repeating: "i", count: 3_000), title: "T", body: "B"),
      links: PushFixtures.links)
    #expect(throws: PushError.self) { try payload.fitted() }
  }

  struct Missing: Error {
    var field: String
    init(_ field: String) { self.field = field }
  }
}

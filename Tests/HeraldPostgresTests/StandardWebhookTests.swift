import Foundation
import HeraldCore
import HeraldWebhooks
import HeraldWorker
import PropertyBased
import Testing

/// `webhook-id` as `contracts/server.md` gives it: user and request id percent-encoded (all but
/// RFC 3986's unreserved characters), then the fire instant.
@Suite struct StandardWebhookTests {
  /// Foundation's percent-encoding with the unreserved set, the reference the hand-written one
  /// must agree with.
  static func reference(_ text: String) -> String {
    var allowed = CharacterSet(charactersIn: "-._~")
    allowed.insert(charactersIn: "a"..."z")
    allowed.insert(charactersIn: "A"..."Z")
    allowed.insert(charactersIn: "0"..."9")
    return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
  }

  @Test func idsPercentEncodeAsFoundationDoes() async {
    let text = Gen<Character>.oneOf(
      Gen.ascii, Gen.latin1, Gen.character(in: "\u{1F600}"..."\u{1F64F}")
    ).string(of: 0...30)
    let instant = Date(timeIntervalSince1970: 1_795_000_000.25)
    await propertyCheck(input: text, text) { user, request in
      #expect(
        StandardWebhook.id(user: user, requestID: request, fireDate: instant)
          == "\(Self.reference(user)):\(Self.reference(request)):2026-11-18T11:06:40.250Z")
    }
  }

  @Test func anIdOfPlainTextIsItself() {
    #expect(
      StandardWebhook.id(user: "ana-1", requestID: "block.a_b~c", fireDate: Date(timeIntervalSince1970: 0))
        == "ana-1:block.a_b~c:1970-01-01T00:00:00.000Z")
    #expect(
      StandardWebhook.id(user: "ana b", requestID: "Café:1/2", fireDate: Date(timeIntervalSince1970: 0))
        == "ana%20b:Caf%C3%A9%3A1%2F2:1970-01-01T00:00:00.000Z")
  }
}

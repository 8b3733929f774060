import Crypto
import Foundation
import HeraldPush
import Testing

/// A notification's links work for their one reminder and action, until a day after its time,
/// and never when changed or signed with another secret.
@Suite struct ActionLinkTests {
  let secret = LinkSecret(bytes: [UInt8](repeating: 3, count: 32))
  let fire = PushFixtures.fireDate
  var link: ActionLink {
    ActionLink(scope: .user("u-42"), requestID: "movement-b1-3", action: .snooze, fireDate: fire)
  }

  @Test func aLinkIsValidUntil24HoursAfterTheFireTime() {
    let token = link.token(secret: secret)

    #expect(ActionLink.verify(token, secret: secret, now: fire - 3600) == .valid(link))
    #expect(ActionLink.verify(token, secret: secret, now: fire + 24 * 3600 - 1) == .valid(link))
    #expect(ActionLink.verify(token, secret: secret, now: fire + 24 * 3600) == .expired(link))
    #expect(ActionLink.verify(token, secret: secret, now: fire + 30 * 86_400) == .expired(link))
  }

  @Test func anotherSecretsLinkIsInvalid() {
    let foreign = link.token(secret: LinkSecret(bytes: [UInt8](repeating: 4, count: 32)))
    #expect(ActionLink.verify(foreign, secret: secret, now: fire) == .invalid)
  }

  @Test func everyChangedCharacterMakesTheLinkInvalid() {
    let token = link.token(secret: secret)
    for index in token.indices where token[index] != "." {
      var changed = token
      changed.replaceSubrange(index...index, with: token[index] == "A" ? "B" : "A")
      #expect(
        ActionLink.verify(changed, secret: secret, now: fire) == .invalid,
        "changed at \(index.utf16Offset(in: token))")
    }
  }

  @Test func anotherActionOrReminderCannotBeSpliced() throws {
    // The payload of a "done" link with the MAC of the "snooze" link.
    var done = link
    done.action = .done
    let parts = link.token(secret: secret).split(separator: ".")
    let doneParts = done.token(secret: secret).split(separator: ".")
    let spliced = "\(doneParts[0]).\(parts[1])"
    #expect(ActionLink.verify(spliced, secret: secret, now: fire) == .invalid)
    // And an expiry moved later.
    let payload = try #require(Base64URL.decode(parts[0]))
    let text = String(decoding: payload, as: UTF8.self)
    let later = text.replacingOccurrences(
      of: "\(Int(fire.timeIntervalSince1970) + 86_400)", with: "9999999999")
    #expect(later != text)
    let moved = "\(Base64URL.encode(Array(later.utf8))).\(parts[1])"
    #expect(ActionLink.verify(moved, secret: secret, now: fire) == .invalid)
  }

  @Test(arguments: ["", ".", "a.b.c", "abc", "eyJ9.", ".AAAA"])
  func malformedTokensAreInvalid(token: String) {
    #expect(ActionLink.verify(token, secret: secret, now: fire) == .invalid)
  }

  @Test func theURLIsUnderThePublicURL() {
    let url = link.url(publicURL: URL(string: "https://herald.example/base")!, secret: secret)
    #expect(url.absoluteString == "https://herald.example/base/push/actions/\(link.token(secret: secret))")
  }
}

import Crypto
import Foundation
import Testing

@testable import HeraldPush

/// RFC 8291's Appendix A reproduced byte for byte, and what every real message must be: fresh
/// keys and salt, within 4 096 bytes.
@Suite struct WebPushEncryptionTests {
  // RFC 8291, Appendix A (all base64url).
  static let plaintext = "When I grow up, I want to be a watermelon"
  static let senderPrivate = "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw"
  static let senderPublic =
    "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8"
  static let receiverPrivate = "q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94"
  static let receiverPublic =
    "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4"
  static let salt = "DGv6ra1nlYgDCS1FRnbzlw"
  static let auth = "BTBZMqHH6r4Tts7J_aSIgg"
  static let body =
    "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A"
    + "_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN"

  static func bytes(_ text: String) throws -> [UInt8] { try #require(Base64URL.decode(text)) }

  @Test func reproducesRFC8291AppendixA() throws {
    let receiver = try P256.KeyAgreement.PrivateKey(rawRepresentation: Self.bytes(Self.receiverPrivate))
    #expect(Base64URL.encode(receiver.publicKey.x963Representation) == Self.receiverPublic)
    let sender = try P256.KeyAgreement.PrivateKey(rawRepresentation: Self.bytes(Self.senderPrivate))
    #expect(Base64URL.encode(sender.publicKey.x963Representation) == Self.senderPublic)
    let keys = try PushSubscription.Keys(p256dh: Self.receiverPublic, auth: Self.auth)

    let body = try WebPushEncryption.encrypt(
      Array(Self.plaintext.utf8), for: keys, ephemeralKey: sender, salt: Self.bytes(Self.salt))

    #expect(Base64URL.encode(body) == Self.body)
  }

  @Test func derivesRFC8291IntermediateValues() throws {
    let sender = try P256.KeyAgreement.PrivateKey(rawRepresentation: Self.bytes(Self.senderPrivate))
    let keys = try PushSubscription.Keys(p256dh: Self.receiverPublic, auth: Self.auth)
    let secrets = try ContentSecrets(
      senderKey: sender, senderPublic: sender.publicKey.x963Representation, keys: keys,
      salt: Self.bytes(Self.salt))
    #expect(
      secrets.inputKeyingMaterial.withUnsafeBytes { Base64URL.encode($0) }
        == "S4lYMb_L0FxCeq0WhDx813KgSYqU26kOyzWUdsXYyrg")
    #expect(secrets.contentKey.withUnsafeBytes { Base64URL.encode($0) } == "oIhVW04MRdy2XN9CiKLxTg")
    #expect(Base64URL.encode(secrets.nonce) == "4h_95klXJ5E_qnoN")
  }

  @Test func everyMessageHasItsOwnKeyAndSalt() throws {
    let browser = PushFixtures.Browser()
    let keys = try browser.subscription().keys
    let first = try WebPushEncryption.encrypt(Array("same".utf8), for: keys)
    let second = try WebPushEncryption.encrypt(Array("same".utf8), for: keys)

    #expect(first[0..<16] != second[0..<16])  // salt
    #expect(first[21..<86] != second[21..<86])  // the sender's ephemeral key
    #expect(try browser.decrypt(first) == Array("same".utf8))
    #expect(try browser.decrypt(second) == Array("same".utf8))
  }

  @Test func theLongestMessageFillsExactly4096Bytes() throws {
    let browser = PushFixtures.Browser()
    let keys = try browser.subscription().keys
    let longest = [UInt8](repeating: UInt8(ascii: "x"), count: WebPushEncryption.maximumPlaintextSize)

    let body = try WebPushEncryption.encrypt(longest, for: keys)

    #expect(body.count == 4096)
    #expect(try browser.decrypt(body) == longest)
    #expect(throws: PushError.messageTooLarge(bytes: longest.count + 1, limit: longest.count)) {
      try WebPushEncryption.encrypt(longest + [0x78], for: keys)
    }
  }

  @Test func aSaltOfAnotherLengthIsRefused() throws {
    let keys = try PushFixtures.Browser().subscription().keys
    #expect(throws: PushError.invalidSalt(bytes: 15)) {
      try WebPushEncryption.encrypt([1], for: keys, salt: [UInt8](repeating: 0, count: 15))
    }
  }
}

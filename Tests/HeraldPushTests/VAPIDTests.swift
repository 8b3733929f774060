import Crypto
import Foundation
import HeraldCore
import HeraldPush
import Testing

/// Herald's VAPID key and tokens (RFC 8292): kept as text, never shown, tokens signed and reused
/// per audience until shortly before they expire.
@Suite struct VAPIDTests {
  @Test func theKeyIsKeptAsTextAndReadBack() throws {
    let key = VAPIDKey()
    let again = try VAPIDKey(privateKeyText: key.privateKeyText)

    #expect(again.publicKeyText == key.publicKeyText)
    #expect(Base64URL.decode(key.publicKeyText)?.count == 65)
    #expect(Base64URL.decode(key.publicKeyText)?.first == 0x04)
    #expect(Base64URL.decode(key.privateKeyText)?.count == 32)
    #expect(!key.publicKeyText.contains("="))
  }

  @Test func theDescriptionNeverShowsThePrivateKey() {
    let key = VAPIDKey()
    #expect(!"\(key)".contains(key.privateKeyText))
    #expect(!String(reflecting: key).contains(key.privateKeyText))
    #expect("\(key)".contains(key.publicKeyText))
  }

  @Test func aKeyTextThatIsNotAP256ScalarIsRefused() {
    #expect(throws: FieldError("vapid.privateKey", "not a P-256 private key")) {
      try VAPIDKey(privateKeyText: "c2hvcnQ")
    }
    // The group order n is not a valid scalar.
    #expect(throws: FieldError("vapid.privateKey", "not a P-256 private key")) {
      try VAPIDKey(privateKeyText: "_____wAAAAD__________7zm-q2nF56E87nKwvxjJVE")
    }
  }

  @Test func theTokenIsAnES256JWTWithTheContractsClaims() throws {
    let key = VAPIDKey()
    let now = Date(timeIntervalSince1970: 1_780_000_000.7)
    let cache = VAPIDTokenCache(key: key, subject: "mailto:ops@herald.example", now: { now })

    let header = try cache.authorization(for: "https://web.push.apple.com")

    let parts = header.split(separator: " ")
    #expect(parts.count == 3)
    #expect(parts[0] == "vapid")
    #expect(parts[2] == "k=\(key.publicKeyText)")
    let jwt = try #require(parts[1].hasPrefix("t=") ? parts[1].dropFirst(2).dropLast() : nil)
    #expect(parts[1].hasSuffix(","))
    let sections = jwt.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    #expect(sections.count == 3)
    let headerBytes = try #require(Base64URL.decode(sections[0]))
    let headerJSON = try JSONSerialization.jsonObject(with: Data(headerBytes))
    #expect(headerJSON as? [String: String] == ["typ": "JWT", "alg": "ES256"])
    let claimBytes = try #require(Base64URL.decode(sections[1]))
    let claims = try #require(try JSONSerialization.jsonObject(with: Data(claimBytes)) as? [String: Any])
    #expect(claims["aud"] as? String == "https://web.push.apple.com")
    #expect(claims["sub"] as? String == "mailto:ops@herald.example")
    let expiry = try #require(claims["exp"] as? Int)
    #expect(expiry > Int(now.timeIntervalSince1970))
    #expect(expiry <= Int(now.timeIntervalSince1970) + 24 * 3600)
    // The signature: R and S, 32 bytes each, over "header.claims", verified by the public key.
    let signatureBytes = try #require(Base64URL.decode(sections[2]))
    let signature = try P256.Signing.ECDSASignature(rawRepresentation: signatureBytes)
    let publicPoint = try #require(Base64URL.decode(key.publicKeyText))
    let publicKey = try P256.Signing.PublicKey(x963Representation: publicPoint)
    #expect(publicKey.isValidSignature(signature, for: Data("\(sections[0]).\(sections[1])".utf8)))
    #expect(!publicKey.isValidSignature(signature, for: Data("\(sections[0]).\(sections[1])x".utf8)))
  }

  @Test func aTokenIsReusedUntilLessThanAnHourIsLeft() throws {
    let clock = TestWallClock(Date(timeIntervalSince1970: 1_780_000_000))
    let cache = VAPIDTokenCache(key: VAPIDKey(), subject: "mailto:a@b.example", now: { clock.now })
    let first = try cache.token(for: "https://fcm.googleapis.com")

    clock.advance(VAPIDToken.lifetime - 3601)
    #expect(try cache.token(for: "https://fcm.googleapis.com") == first)

    clock.advance(2)
    let renewed = try cache.token(for: "https://fcm.googleapis.com")
    #expect(renewed != first)
    #expect(
      renewed.expiry
        == Date(timeIntervalSince1970: (clock.now.timeIntervalSince1970 + VAPIDToken.lifetime).rounded(.down))
    )
  }

  @Test func eachAudienceHasItsOwnToken() throws {
    let cache = VAPIDTokenCache(key: VAPIDKey(), subject: "mailto:a@b.example")
    let apple = try cache.token(for: "https://web.push.apple.com")
    let google = try cache.token(for: "https://fcm.googleapis.com")

    #expect(apple.audience == "https://web.push.apple.com")
    #expect(google.audience == "https://fcm.googleapis.com")
    #expect(apple.jwt != google.jwt)
  }
}

/// A wall clock a test moves by hand.
final class TestWallClock: @unchecked Sendable {
  private let lock = NSLock()
  private var instant: Date

  init(_ start: Date) { instant = start }

  var now: Date { lock.withLock { instant } }
  func advance(_ seconds: TimeInterval) { lock.withLock { instant += seconds } }
}

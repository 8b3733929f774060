import Crypto
import Foundation
import HeraldCore
import HeraldPush

/// A subscribed browser, a reminder and links, shared by the push tests.
enum PushFixtures {
  static let fireDate = Date(timeIntervalSince1970: 1_780_000_000)
  static let publicURL: URL = {
    guard let url = URL(string: "https://herald.example") else { preconditionFailure("not a URL") }
    return url
  }()
  static let links = PushLinks(
    publicURL: publicURL, scope: .store, secret: LinkSecret(bytes: [UInt8](repeating: 7, count: 32)))

  static func delivery(
    id: String = "due-date-morning-t1", title: String = "Steuererklärung", body: String = "Heute fällig",
    level: InterruptionLevel = .active, actions: [NotificationAction] = [.done], late: Bool = false,
    language: Language = .de, category: String = "due-date"
  ) -> Delivery {
    let content = NotificationContent(
      title: title, body: body, interruptionLevel: level, categoryIdentifier: category)
    let notification = PlannedNotification(
      identifier: id, content: content, fireDate: fireDate, now: fireDate.addingTimeInterval(-3600))
    return Delivery(
      notification: notification, deliveredAt: fireDate, late: late, actions: actions, language: language)
  }

  /// A browser's side: its key pair and auth secret, and the subscription it would post.
  struct Browser {
    let privateKey = P256.KeyAgreement.PrivateKey()
    let auth = (0..<16).map { _ in UInt8.random(in: 0...255) }

    func subscription(endpoint: String = "https://web.push.apple.com/QGuQyavXutnMbA") throws
      -> PushSubscription
    {
      try PushSubscription(
        endpoint: endpoint, p256dh: Base64URL.encode(privateKey.publicKey.x963Representation),
        auth: Base64URL.encode(auth), services: PushServices())
    }

    /// Reads a body as the browser would (RFC 8291 §3.4, RFC 8188): Herald's own code for the
    /// unit tests; `PushReferenceTests` reads it with an independent library.
    func decrypt(_ body: [UInt8]) throws -> [UInt8] {
      let salt = Array(body[0..<16])
      let keyLength = Int(body[20])
      let senderPublic = Array(body[21..<(21 + keyLength)])
      let sender = try P256.KeyAgreement.PublicKey(x963Representation: senderPublic)
      let shared = try privateKey.sharedSecretFromKeyAgreement(with: sender)
      let info = Array("WebPush: info\0".utf8) + privateKey.publicKey.x963Representation + senderPublic
      let ikm = shared.hkdfDerivedSymmetricKey(
        using: SHA256.self, salt: auth, sharedInfo: info, outputByteCount: 32)
      let prk = HKDF<SHA256>.extract(inputKeyMaterial: ikm, salt: salt)
      let key = HKDF<SHA256>.expand(
        pseudoRandomKey: prk, info: Array("Content-Encoding: aes128gcm\0".utf8), outputByteCount: 16)
      let nonce = HKDF<SHA256>.expand(
        pseudoRandomKey: prk, info: Array("Content-Encoding: nonce\0".utf8), outputByteCount: 12)
      let record = body[(21 + keyLength)...]
      let box = try AES.GCM.SealedBox(
        nonce: AES.GCM.Nonce(data: nonce.withUnsafeBytes { Array($0) }), ciphertext: record.dropLast(16),
        tag: record.suffix(16))
      var padded = try [UInt8](AES.GCM.open(box, using: key))
      while padded.last == 0 { padded.removeLast() }
      guard padded.last == 0x02 else { throw DecryptionFailure() }
      return padded.dropLast()
    }
  }

  struct DecryptionFailure: Error {}
}

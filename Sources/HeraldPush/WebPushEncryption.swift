import Crypto
import Foundation

/// The `aes128gcm` content coding of a push message (RFC 8291 over RFC 8188): what only the
/// subscribed browser can read, since the push service in between must not.
///
/// The body is one record: the header (salt, record size, the sender's ephemeral public key),
/// then the message, the last-record delimiter 0x02 and the 16-byte tag, encrypted with AES-128-GCM
/// under a key and nonce derived from an ECDH agreement with the browser's `p256dh` key and its
/// `auth` secret. Push services accept 4 096 bytes of body at most (RFC 8030 §7.2 guarantees no
/// more), so that is the limit of the whole body, header included.
public enum WebPushEncryption {
  /// The record size written in the header: the largest record RFC 8291 lets a sender use.
  public static let recordSize = 4096
  /// The largest body a push service must take.
  public static let maximumBodySize = 4096
  /// Salt (16), record size (4), key id length (1), key id (the 65-byte public key).
  public static let headerSize = 16 + 4 + 1 + 65
  /// The padding delimiter (1) and the AES-GCM tag (16).
  public static let recordOverhead = 1 + 16
  /// The longest message that fits: 4 096 − 86 − 17 = 3 993 bytes.
  public static let maximumPlaintextSize = maximumBodySize - headerSize - recordOverhead

  /// The body of one push message for the subscription's keys.
  ///
  /// Every call must use a fresh ephemeral key and a fresh salt: a key and nonce used twice let
  /// anyone who sees both messages read them. The defaults make both; tests pass fixed ones to
  /// reproduce RFC 8291's example.
  public static func encrypt(
    _ plaintext: some DataProtocol, for keys: PushSubscription.Keys,
    ephemeralKey: P256.KeyAgreement.PrivateKey = P256.KeyAgreement.PrivateKey(),
    salt: [UInt8] = freshSalt()
  ) throws(PushError) -> [UInt8] {
    guard plaintext.count <= maximumPlaintextSize else {
      throw .messageTooLarge(bytes: plaintext.count, limit: maximumPlaintextSize)
    }
    guard salt.count == 16 else { throw .invalidSalt(bytes: salt.count) }
    let senderPublic = ephemeralKey.publicKey.x963Representation
    let secrets: ContentSecrets
    do {
      secrets = try ContentSecrets(
        senderKey: ephemeralKey, senderPublic: senderPublic, keys: keys, salt: salt)
    } catch {
      throw .encryptionFailed("key agreement: \(error)")
    }
    var padded = [UInt8](plaintext)
    padded.append(lastRecordDelimiter)
    let sealed: AES.GCM.SealedBox
    do {
      sealed = try AES.GCM.seal(padded, using: secrets.contentKey, nonce: AES.GCM.Nonce(data: secrets.nonce))
    } catch {
      throw .encryptionFailed("\(error)")
    }
    var body: [UInt8] = []
    body.reserveCapacity(headerSize + padded.count + 16)
    body += salt
    body += withUnsafeBytes(of: UInt32(recordSize).bigEndian, Array.init)
    body.append(UInt8(senderPublic.count))
    body += senderPublic
    body += sealed.ciphertext
    body += sealed.tag
    return body
  }

  /// 16 random bytes from the system's generator, which is cryptographically secure.
  public static func freshSalt() -> [UInt8] {
    var generator = SystemRandomNumberGenerator()
    return (0..<2).flatMap { _ in withUnsafeBytes(of: generator.next() as UInt64, Array.init) }
  }

  /// Ends the only (and so the last) record; no padding precedes it, since the length of a reminder
  /// says little that its arrival at that moment does not.
  static let lastRecordDelimiter: UInt8 = 0x02
}

/// The key derivation of RFC 8291 §3.3–3.4 and RFC 8188 §2.2, kept apart so a test can compare
/// each step with the RFC's intermediate values.
struct ContentSecrets {
  /// HMAC-SHA-256(auth_secret, ecdh_secret) expanded with "WebPush: info" and both public keys.
  var inputKeyingMaterial: SymmetricKey
  var contentKey: SymmetricKey
  var nonce: [UInt8]

  init(
    senderKey: P256.KeyAgreement.PrivateKey, senderPublic: Data, keys: PushSubscription.Keys,
    salt: [UInt8]
  ) throws {
    let shared = try senderKey.sharedSecretFromKeyAgreement(with: keys.publicKey)
    // key_info = "WebPush: info" || 0x00 || ua_public || as_public: binds the secret to both keys.
    var keyInfo = Array("WebPush: info".utf8)
    keyInfo.append(0)
    keyInfo += keys.p256dh
    keyInfo += senderPublic
    inputKeyingMaterial = shared.hkdfDerivedSymmetricKey(
      using: SHA256.self, salt: keys.auth, sharedInfo: keyInfo, outputByteCount: 32)
    let pseudoRandomKey = HKDF<SHA256>.extract(inputKeyMaterial: inputKeyingMaterial, salt: salt)
    contentKey = HKDF<SHA256>.expand(
      pseudoRandomKey: pseudoRandomKey, info: Array("Content-Encoding: aes128gcm\0".utf8), outputByteCount: 16
    )
    nonce = HKDF<SHA256>.expand(
      pseudoRandomKey: pseudoRandomKey, info: Array("Content-Encoding: nonce\0".utf8), outputByteCount: 12
    ).withUnsafeBytes { Array($0) }
  }
}

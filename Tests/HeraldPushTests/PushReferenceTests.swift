import Foundation
import HeraldCore
import HeraldPush
import HeraldTestSupport
import Testing

/// Herald's messages read by independent code, as a browser and a push service would: Python's
/// `http_ece` (Mozilla's reference of RFC 8188/8291) decrypts each body with the subscriber's
/// private key and auth secret, and `cryptography` verifies the VAPID token (ES256 over the JWT,
/// its claims against the real clock), from the venv `PushReference` makes.
///
/// Without Python or PyPI the test says why and passes, unless HERALD_REQUIRE_PYTHON_REFERENCE=1.
@Suite struct PushReferenceTests {
  @Test func pythonDecryptsEveryMessageAndVerifiesItsToken() throws {
    guard let python = PushReference.python(fail: { Issue.record(Comment(rawValue: $0)) }) else { return }
    let cases: [(title: String, body: String, endpoint: String, audience: String)] = [
      (
        "Steuererklärung", "Heute fällig", "https://web.push.apple.com/QGuQyavXutnMbA",
        "https://web.push.apple.com"
      ),
      (
        "Fokus: Schreiben", String(repeating: "👩‍👩‍👧‍👦e\u{301}", count: 800),
        "https://fcm.googleapis.com/fcm/send/x",
        "https://fcm.googleapis.com"
      ),
      (
        String(repeating: "\"Titel\" ", count: 700), "",
        "https://updates.push.services.mozilla.com:443/wpush/v2/y",
        "https://updates.push.services.mozilla.com"
      ),
    ]
    let tokens = VAPIDTokenCache(key: VAPIDKey(), subject: "mailto:ops@herald.example")
    var inputs: [[String: String]] = []
    var expected: [[UInt8]] = []
    for (index, item) in cases.enumerated() {
      let browser = PushFixtures.Browser()
      let delivery = PushFixtures.delivery(
        id: "due-date-morning-t\(index)", title: item.title, body: item.body)
      let message = try PushMessage(
        delivery, for: browser.subscription(endpoint: item.endpoint), links: PushFixtures.links,
        tokens: tokens,
        now: PushFixtures.fireDate)
      #expect(message.body.count <= 4096)
      expected.append(try PushPayload(delivery, links: PushFixtures.links).fitted())
      inputs.append([
        "body": Base64URL.encode(message.body),
        "uaPrivate": Base64URL.encode(browser.privateKey.rawRepresentation),
        "auth": Base64URL.encode(browser.auth), "authorization": message.authorization,
        "aud": item.audience,
        "sub": "mailto:ops@herald.example",
      ])
    }
    let directory = try TemporaryDirectory()
    let input = directory.url.appendingPathComponent("messages.json")
    try JSONSerialization.data(withJSONObject: inputs).write(to: input)

    let output = try ReferenceProgram.run(python, ["-c", Self.script, input.path])

    let lines = output.split(separator: "\n").map(String.init)
    #expect(lines.count == cases.count)
    for (line, want) in zip(lines, expected) {
      #expect(line == Base64URL.encode(want), "http_ece read other bytes than Herald encrypted")
    }
  }

  /// Decrypts each message and verifies its token; prints each plaintext (base64url) on a line, or
  /// fails with the reason.
  static let script = #"""
    import base64, json, sys, time
    import http_ece
    from cryptography.hazmat.primitives import hashes
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature

    def b(text):
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))

    def e(data):
        return base64.urlsafe_b64encode(data).rstrip(b"=").decode()

    for case in json.load(open(sys.argv[1])):
        body = b(case["body"])
        assert len(body) <= 4096, len(body)
        assert int.from_bytes(body[16:20], "big") == 4096 and body[20] == 65, "header"
        receiver = ec.derive_private_key(int.from_bytes(b(case["uaPrivate"]), "big"), ec.SECP256R1())
        plaintext = http_ece.decrypt(body, private_key=receiver, auth_secret=b(case["auth"]), version="aes128gcm")

        scheme, token_part, key_part = case["authorization"].split(" ")
        assert scheme == "vapid" and token_part.startswith("t=") and token_part.endswith(",") and key_part.startswith("k="), case["authorization"]
        token, key = token_part[2:-1], key_part[2:]
        header, claims, signature = token.split(".")
        assert json.loads(b(header)) == {"typ": "JWT", "alg": "ES256"}, header
        raw = b(signature)
        assert len(raw) == 64, len(raw)
        public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), b(key))
        public.verify(encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big")),
                      (header + "." + claims).encode(), ec.ECDSA(hashes.SHA256()))
        claims = json.loads(b(claims))
        now = time.time()
        assert claims["aud"] == case["aud"], claims
        assert claims["sub"] == case["sub"], claims
        assert now < claims["exp"] <= now + 24 * 3600, (claims["exp"], now)
        print(e(plaintext))
    """#
}

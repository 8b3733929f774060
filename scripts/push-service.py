#!/usr/bin/env python3
"""A push service (RFC 8030) on loopback for Herald's tests, independent of Herald's code: it decrypts
every message with `http_ece` (RFC 8188/8291, the subscriber's private key and auth secret) and
verifies its VAPID token (RFC 8292) with `cryptography`, then answers as scripted per endpoint path.

    push-service.py PORT CONFIG RECORD

CONFIG (JSON): {"sub": contact, "subscriptions": {path: {"uaPrivate": b64url, "auth": b64url}},
                "scripts": {path: [answer, ...]}}
  an answer: {"status": 201} | {"status": 429, "retryAfter": "1"} | {"hang": seconds};
  each POST to a path takes the next answer, the last one repeated; no script: 201.
RECORD: one JSON line a POST: path, the real time it arrived, the status answered ("hang" for none),
  the headers read (ttl, urgency, topic) and the decrypted payload, or "error" when any check failed
  (then it answers 400). "ready PORT" is printed once the socket listens.
"""
import base64, json, sys, threading, time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
import http_ece
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature

B64URL = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


def unb64(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


port, config_path, record_path = int(sys.argv[1]), sys.argv[2], sys.argv[3]
config = json.load(open(config_path))
origin = "http://127.0.0.1:%d" % port
lock = threading.Lock()
answered = {}  # path -> how many POSTs it got


def check_token(authorization):
    scheme, token_part, key_part = authorization.split(" ")
    assert scheme == "vapid" and token_part.startswith("t=") and token_part.endswith(","), authorization
    assert key_part.startswith("k="), authorization
    token, key = token_part[2:-1], key_part[2:]
    header, claims, signature = token.split(".")
    assert json.loads(unb64(header)) == {"typ": "JWT", "alg": "ES256"}, header
    raw = unb64(signature)
    assert len(raw) == 64, "signature of %d bytes" % len(raw)
    public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64(key))
    public.verify(
        encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big")),
        (header + "." + claims).encode(), ec.ECDSA(hashes.SHA256()))
    claims = json.loads(unb64(claims))
    now = time.time()
    assert claims["aud"] == origin, "aud %r, not %r" % (claims["aud"], origin)
    assert claims["sub"] == config["sub"], "sub %r" % claims["sub"]
    assert now < claims["exp"] <= now + 24 * 3600, "exp %r at %r" % (claims["exp"], now)


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_POST(self):
        arrived = time.time()
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        entry = {"path": self.path, "time": arrived}
        try:
            subscriber = config["subscriptions"][self.path]
            assert self.headers.get("Content-Encoding") == "aes128gcm", self.headers.get("Content-Encoding")
            assert len(body) <= 4096, "body of %d bytes" % len(body)
            ttl = int(self.headers["TTL"])
            assert 60 <= ttl <= 43200, "TTL %d" % ttl
            urgency = self.headers["Urgency"]
            assert urgency in ("very-low", "low", "normal", "high"), urgency
            topic = self.headers["Topic"]
            assert 0 < len(topic) <= 32 and set(topic) <= B64URL, topic
            check_token(self.headers["Authorization"])
            receiver = ec.derive_private_key(int.from_bytes(unb64(subscriber["uaPrivate"]), "big"), ec.SECP256R1())
            plaintext = http_ece.decrypt(
                body, private_key=receiver, auth_secret=unb64(subscriber["auth"]), version="aes128gcm")
            entry.update(ttl=ttl, urgency=urgency, topic=topic, payload=json.loads(plaintext.decode("utf-8")))
        except Exception as error:  # any failed check: recorded, and answered 400
            entry["error"] = "%s: %s" % (type(error).__name__, error)
        with lock:
            count = answered.get(self.path, 0)
            answered[self.path] = count + 1
            script = config.get("scripts", {}).get(self.path) or [{"status": 201}]
            answer = script[min(count, len(script) - 1)]
        if "error" in entry:
            answer = {"status": 400}
        entry["status"] = "hang" if "hang" in answer else answer["status"]
        with lock, open(record_path, "a") as record:
            record.write(json.dumps(entry) + "\n")
        if "hang" in answer:
            time.sleep(answer["hang"])
            self.close_connection = True
            return
        self.send_response(answer["status"])
        if "retryAfter" in answer:
            self.send_header("Retry-After", answer["retryAfter"])
        self.send_header("Content-Length", "0")
        self.end_headers()


server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
server.daemon_threads = True
print("ready %d" % port, flush=True)
server.serve_forever()

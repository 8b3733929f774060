import Crypto
import Foundation
import HeraldCore
import HeraldInterchange
import HeraldContracts

/// Standard Webhooks 1.0 (docs/contracts/server.md): the body of a delivery and the headers that
/// let a receiver check that it comes from Herald and is not a replay — one type for every sender,
/// the many-user worker and one person's daemon (`herald run --sink webhook`).
public enum StandardWebhook {
  /// `webhook-id`: the user (when there are several), the request id and the fire instant, so every
  /// attempt of one reminder carries the same id and a receiver can drop a repeat. User and request
  /// id are percent-encoded (a request id may hold a place's name), the instant is RFC 3339 UTC.
  public static func id(user: String?, requestID: String, fireDate: Date) -> String {
    ([user, requestID].compactMap { $0 }).map(encode).joined(separator: ":") + ":"
      + RFC3339.utcStringWithMilliseconds(fireDate)
  }

  /// The headers of one attempt sent at `now`: `webhook-id`, `webhook-timestamp` and, when there is
  /// a secret, `webhook-signature`.
  public static func headers(id: String, at now: Date, body: Data, secret: WebhookSecret?) -> [String: String]
  {
    let timestamp = Int(now.timeIntervalSince1970.rounded(.down))
    var headers = ["webhook-id": id, "webhook-timestamp": String(timestamp)]
    if let secret {
      headers["webhook-signature"] = signature(id: id, timestamp: timestamp, body: body, secret: secret)
    }
    return headers
  }

  /// `webhook-signature`: `v1,` and the base64 HMAC-SHA256 of `{id}.{timestamp}.{body}`.
  public static func signature(id: String, timestamp: Int, body: Data, secret: WebhookSecret) -> String {
    var signed = Data("\(id).\(timestamp).".utf8)
    signed.append(body)
    let code = HMAC<SHA256>.authenticationCode(for: signed, using: SymmetricKey(data: secret.key))
    return "v1," + Data(code).base64EncodedString()
  }

  /// The body of a delivery: the keys of a delivery line, the user's name (when there are several),
  /// and the language its texts are in (which a desktop following the user's stream shows the late
  /// marker in).
  public static func body(_ delivery: Delivery, user: String?) -> Data {
    guard case .object(var members) = DeliveryLine.json(delivery) else { return Data() }
    if let user { members.append(.init("user", .string(user))) }
    members.append(.init("language", .string(delivery.language.rawValue)))
    return Data(JSONWriter.string(.object(members), pretty: false).utf8)
  }

  /// Percent-encodes all but RFC 3986's unreserved characters (ASCII letters and digits, `-._~`),
  /// byte by byte of the UTF-8 form, upper-case hex. Hand-written: Foundation's
  /// `addingPercentEncoding` with a `CharacterSet` cost a worker about 6 % of its CPU.
  static func encode(_ text: String) -> String {
    func unreserved(_ byte: UInt8) -> Bool {
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
        UInt8(ascii: "~"):
        return true
      default: return false
      }
    }
    guard !text.utf8.allSatisfy(unreserved) else { return text }
    let hex = Array("0123456789ABCDEF".utf8)
    var out: [UInt8] = []
    out.reserveCapacity(text.utf8.count * 3)
    for byte in text.utf8 {
      if unreserved(byte) {
        out.append(byte)
      } else {
        out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
      }
    }
    return String(decoding: out, as: UTF8.self)
  }
}

import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where Herald may send a request on someone's behalf: a webhook receiver, a push service, a
/// calendar feed. A URL a user supplies and Herald POSTs to is otherwise a way into the operator's
/// network — the cloud's metadata service (`169.254.169.254`), the database on `localhost:5432` —
/// so loopback, link-local, private, shared, unspecified, multicast and reserved addresses are
/// refused unless the operator allows them. One rule for every caller: the spelling of a URL's host
/// is checked when it is given (any spelling the C library accepts: `2852039166`, `0251.0376.0251.0376`,
/// `0xa9fea9fe`, `127.1`, `[::ffff:169.254.169.254]`), and every address a name resolves to when
/// a connection is made, so a name cannot resolve to a public address when checked and a private
/// one when used.
public enum OutboundAddress {
  /// Why an address is refused, or nil when a request may go there.
  public static func refusal(ofIPv4 address: UInt32) -> String? {
    let octets = (address >> 24, (address >> 16) & 0xff)
    switch octets {
    case (0, _): return "an unspecified address (0.0.0.0/8)"
    case (10, _): return "a private address (10.0.0.0/8)"
    case (100, 64...127): return "a shared address (100.64.0.0/10)"
    case (127, _): return "a loopback address (127.0.0.0/8)"
    case (169, 254): return "a link-local address (169.254.0.0/16, where cloud metadata services answer)"
    case (172, 16...31): return "a private address (172.16.0.0/12)"
    case (192, 168): return "a private address (192.168.0.0/16)"
    case (192, 0) where (address >> 8) & 0xff == 0: return "a reserved address (192.0.0.0/24)"
    case (198, 18...19): return "a benchmarking address (198.18.0.0/15)"
    case (224...239, _): return "a multicast address (224.0.0.0/4)"
    case (240...255, _): return "a reserved address (240.0.0.0/4)"
    default: return nil
    }
  }

  /// Why an IPv6 address (16 bytes) is refused, or nil. An IPv4 address inside one (mapped,
  /// compatible, NAT64) is judged as that IPv4 address.
  public static func refusal(ofIPv6 bytes: [UInt8]) -> String? {
    guard bytes.count == 16 else { return "not an IPv6 address" }
    let embedded =
      UInt32(bytes[12]) << 24 | UInt32(bytes[13]) << 16 | UInt32(bytes[14]) << 8 | UInt32(bytes[15])
    if bytes[0..<10].allSatisfy({ $0 == 0 }) {
      if bytes[10] == 0xff, bytes[11] == 0xff { return refusal(ofIPv4: embedded) }  // ::ffff:a.b.c.d
      if bytes[10] == 0, bytes[11] == 0 {
        if embedded == 0 { return "the unspecified address (::)" }
        if embedded == 1 { return "the loopback address (::1)" }
        return refusal(ofIPv4: embedded)  // ::a.b.c.d
      }
    }
    if bytes[0..<12] == [0x00, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0] { return refusal(ofIPv4: embedded) }
    if bytes[0] & 0xfe == 0xfc { return "a unique local address (fc00::/7)" }
    if bytes[0] == 0xfe, bytes[1] & 0xc0 == 0x80 { return "a link-local address (fe80::/10)" }
    if bytes[0] == 0xfe, bytes[1] & 0xc0 == 0xc0 { return "a site-local address (fec0::/10)" }
    if bytes[0] == 0xff { return "a multicast address (ff00::/8)" }
    if bytes[0] == 0x20, bytes[1] == 0x01, bytes[2] == 0x0d, bytes[3] == 0xb8 {
      return "a documentation address"
    }
    if bytes[0] == 0x20, bytes[1] == 0x02 {  // 6to4: the IPv4 address in bytes 2–5
      let v4 = UInt32(bytes[2]) << 24 | UInt32(bytes[3]) << 16 | UInt32(bytes[4]) << 8 | UInt32(bytes[5])
      return refusal(ofIPv4: v4)
    }
    return nil
  }

  /// Why a socket address is refused, or nil.
  public static func refusal(of address: UnsafePointer<sockaddr>) -> String? {
    switch Int32(address.pointee.sa_family) {
    case AF_INET:
      return address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
        refusal(ofIPv4: UInt32(bigEndian: $0.pointee.sin_addr.s_addr))
      }
    case AF_INET6:
      return address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { pointer in
        withUnsafeBytes(of: pointer.pointee.sin6_addr) { refusal(ofIPv6: Array($0)) }
      }
    default:
      return "not an internet address"
    }
  }

  /// Why a URL's host, as written, is refused — a name of this machine (`localhost`), or an
  /// address in any spelling — or nil when it is a name to be resolved and checked on connecting.
  public static func refusal(ofHost written: String) -> String? {
    var host = written.lowercased()
    if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
    if host.hasSuffix(".") { host.removeLast() }
    if host == "localhost" || host.hasSuffix(".localhost") || host == "localhost.localdomain"
      || host == "ip6-localhost" || host == "ip6-loopback"
    {
      return "a name of this machine (\(host))"
    }
    if host.contains(":") {
      var address = in6_addr()
      // A zone (`%eth0`) makes it link-local whatever it says.
      guard !host.contains("%"), inet_pton(AF_INET6, host, &address) == 1 else {
        return "an IPv6 address written with a zone or not at all"
      }
      return withUnsafeBytes(of: address) { refusal(ofIPv6: Array($0)) }
    }
    // `inet_aton` reads every spelling the C library connects to: decimal, octal, hex, short forms.
    var address = in_addr()
    if inet_aton(host, &address) != 0 { return refusal(ofIPv4: UInt32(bigEndian: address.s_addr)) }
    return nil
  }

  /// Why `url` may not be requested: not http(s), no host, or a host `refusal(ofHost:)` refuses.
  public static func refusal(of url: URL) -> String? {
    guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
      return "not an http(s) URL"
    }
    guard let host = URLComponents(url: url, resolvingAgainstBaseURL: false)?.host, !host.isEmpty else {
      return "a URL without a host"
    }
    return refusal(ofHost: host).map { "its host is \($0)" }
  }

  /// The URL as it may be shown: a password (or a user) in it replaced by `***`.
  public static func shown(_ url: URL) -> String {
    guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false),
      components.user != nil || components.password != nil
    else { return url.absoluteString }
    components.user = components.user.map { _ in "***" }
    components.password = components.password.map { _ in "***" }
    return components.string ?? url.absoluteString
  }
}

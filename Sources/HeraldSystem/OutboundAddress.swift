import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where Herald may send a request on someone's behalf: a webhook receiver, a push service, a
/// calendar feed. Who supplied the URL decides (`Policy`):
///
/// - the operator's own URLs (`herald user add --webhook`) may point into the operator's network —
///   an app's backend beside the workers, on loopback or a private address — but never at addresses
///   no receiver lives at: link-local ones, where cloud metadata services answer
///   (`169.254.169.254`), unspecified, multicast and reserved ones;
/// - URLs a user supplies (push endpoints, calendars through the API and pages) may point at neither:
///   loopback, private and shared addresses are refused too, unless the operator allows them.
///
/// One rule for every caller: the spelling of a URL's host is checked when it is given (any spelling
/// the C library accepts: `2852039166`, `0251.0376.0251.0376`, `0xa9fea9fe`, `127.1`,
/// `[::ffff:169.254.169.254]`), and every address a name resolves to as a connection is made, so a
/// name cannot resolve to an allowed address when checked and another when used.
public enum OutboundAddress {
  /// Which addresses a URL may lead to, by who supplied it.
  public enum Policy: Sendable {
    /// The operator's own: their network too, but not link-local, unspecified, multicast or reserved.
    case operatorsNetwork
    /// A user's: public addresses only.
    case publicOnly
  }

  /// What an address is, when it is not an ordinary public one.
  enum Kind {
    /// On this machine or a private network: refused only to URLs users supply.
    case local(String)
    /// Where no receiver lives: refused to every URL.
    case never(String)

    func refusal(under policy: Policy) -> String? {
      switch (self, policy) {
      case (.never(let reason), _), (.local(let reason), .publicOnly): reason
      case (.local, .operatorsNetwork): nil
      }
    }
  }

  /// Why an IPv4 address is refused under `policy`, or nil when a request may go there.
  public static func refusal(ofIPv4 address: UInt32, policy: Policy) -> String? {
    kind(ofIPv4: address)?.refusal(under: policy)
  }

  /// Why an IPv6 address (16 bytes) is refused under `policy`, or nil. An IPv4 address inside one
  /// (mapped, compatible, NAT64, 6to4) is judged as that IPv4 address.
  public static func refusal(ofIPv6 bytes: [UInt8], policy: Policy) -> String? {
    kind(ofIPv6: bytes)?.refusal(under: policy)
  }

  static func kind(ofIPv4 address: UInt32) -> Kind? {
    switch (address >> 24, (address >> 16) & 0xff) {
    case (0, _): .never("an unspecified address (0.0.0.0/8)")
    case (10, _): .local("a private address (10.0.0.0/8)")
    case (100, 64...127): .local("a shared address (100.64.0.0/10)")
    case (127, _): .local("a loopback address (127.0.0.0/8)")
    case (169, 254): .never("a link-local address (169.254.0.0/16, where cloud metadata services answer)")
    case (172, 16...31): .local("a private address (172.16.0.0/12)")
    case (192, 168): .local("a private address (192.168.0.0/16)")
    case (192, 0) where (address >> 8) & 0xff == 0: .never("a reserved address (192.0.0.0/24)")
    case (198, 18...19): .local("a benchmarking address (198.18.0.0/15)")
    case (224...239, _): .never("a multicast address (224.0.0.0/4)")
    case (240...255, _): .never("a reserved address (240.0.0.0/4)")
    default: nil
    }
  }

  static func kind(ofIPv6 bytes: [UInt8]) -> Kind? {
    guard bytes.count == 16 else { return .never("not an IPv6 address") }
    func v4(_ start: Int) -> UInt32 {
      UInt32(bytes[start]) << 24 | UInt32(bytes[start + 1]) << 16 | UInt32(bytes[start + 2]) << 8
        | UInt32(bytes[start + 3])
    }
    if bytes[0..<10].allSatisfy({ $0 == 0 }) {
      if bytes[10] == 0xff, bytes[11] == 0xff { return kind(ofIPv4: v4(12)) }  // ::ffff:a.b.c.d
      if bytes[10] == 0, bytes[11] == 0 {
        switch v4(12) {
        case 0: return .never("the unspecified address (::)")
        case 1: return .local("the loopback address (::1)")
        default: return kind(ofIPv4: v4(12))  // ::a.b.c.d
        }
      }
    }
    // NAT64 (64:ff9b::/96) and 6to4 (2002::/16) carry an IPv4 address.
    if bytes[0..<12] == [0x00, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0] { return kind(ofIPv4: v4(12)) }
    if bytes[0] == 0x20, bytes[1] == 0x02 { return kind(ofIPv4: v4(2)) }
    if bytes[0] & 0xfe == 0xfc { return .local("a unique local address (fc00::/7)") }
    if bytes[0] == 0xfe, bytes[1] & 0xc0 == 0x80 { return .never("a link-local address (fe80::/10)") }
    if bytes[0] == 0xfe, bytes[1] & 0xc0 == 0xc0 { return .local("a site-local address (fec0::/10)") }
    if bytes[0] == 0xff { return .never("a multicast address (ff00::/8)") }
    if bytes[0..<4] == [0x20, 0x01, 0x0d, 0xb8] { return .never("a documentation address (2001:db8::/32)") }
    return nil
  }

  /// Why a socket address is refused under `policy`, or nil.
  public static func refusal(of address: UnsafePointer<sockaddr>, policy: Policy) -> String? {
    switch Int32(address.pointee.sa_family) {
    case AF_INET:
      return address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
        refusal(ofIPv4: UInt32(bigEndian: $0.pointee.sin_addr.s_addr), policy: policy)
      }
    case AF_INET6:
      return address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { pointer in
        withUnsafeBytes(of: pointer.pointee.sin6_addr) { refusal(ofIPv6: Array($0), policy: policy) }
      }
    default:
      return "not an internet address"
    }
  }

  /// Why a URL's host, as written, is refused under `policy` — a name of this machine
  /// (`localhost`), or an address in any spelling — or nil when it is a name to be resolved and
  /// checked as it is connected to.
  public static func refusal(ofHost written: String, policy: Policy) -> String? {
    var host = written.lowercased()
    if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
    if host.hasSuffix(".") { host.removeLast() }
    if host == "localhost" || host.hasSuffix(".localhost") || host == "localhost.localdomain"
      || host == "ip6-localhost" || host == "ip6-loopback"
    {
      return Kind.local("a name of this machine (\(host))").refusal(under: policy)
    }
    if host.contains(":") {
      var address = in6_addr()
      // A zone (`%eth0`) makes it link-local whatever it says.
      guard !host.contains("%"), inet_pton(AF_INET6, host, &address) == 1 else {
        return "an IPv6 address written with a zone or not at all"
      }
      return withUnsafeBytes(of: address) { refusal(ofIPv6: Array($0), policy: policy) }
    }
    // `inet_aton` reads every spelling the C library connects to: decimal, octal, hex, short forms.
    var address = in_addr()
    guard inet_aton(host, &address) != 0 else { return nil }
    return refusal(ofIPv4: UInt32(bigEndian: address.s_addr), policy: policy)
  }

  /// Why `url` may not be requested under `policy`: not http(s), no host, or a host
  /// `refusal(ofHost:policy:)` refuses.
  public static func refusal(of url: URL, policy: Policy) -> String? {
    guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
      return "not an http(s) URL"
    }
    guard let host = URLComponents(url: url, resolvingAgainstBaseURL: false)?.host, !host.isEmpty else {
      return "a URL without a host"
    }
    return refusal(ofHost: host, policy: policy).map { "its host is \($0)" }
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

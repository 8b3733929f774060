import HeraldSystem
import NIOCore
import NIOPosix

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A receiver's host resolved as the worker connects to it, each address checked with
/// `OutboundAddress`: the connection goes to an address that was checked, so a name cannot pass
/// when looked at and lead elsewhere when used (DNS rebinding).
enum GuardedResolution {
  /// The receiver refused: every address it resolves to is one Herald does not send to.
  struct Refused: Error, CustomStringConvertible {
    var host: String
    var reason: String
    var description: String { "\(host) is \(reason); Herald does not deliver there" }
  }

  /// The first address `host` resolves to that `policy` allows; resolved on a thread of the pool,
  /// not an event loop.
  static func address(host: String, port: Int, policy: OutboundAddress.Policy) async throws -> SocketAddress {
    if let reason = OutboundAddress.refusal(ofHost: host, policy: policy) {
      throw Refused(host: host, reason: reason)
    }
    let addresses = try await NIOThreadPool.singleton.runIfActive { try resolve(host: host, port: port) }
    var refusal: String?
    for address in addresses {
      let reason = address.withSockAddr { pointer, _ in OutboundAddress.refusal(of: pointer, policy: policy) }
      guard let reason else { return address }
      refusal = refusal ?? reason
    }
    throw Refused(host: host, reason: refusal ?? "a name with no address")
  }

  /// Every TCP address of `host`, as `getaddrinfo` gives them.
  static func resolve(host: String, port: Int) throws -> [SocketAddress] {
    var hints = addrinfo()
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    hints.ai_family = AF_UNSPEC
    var first: UnsafeMutablePointer<addrinfo>?
    let status = getaddrinfo(host, String(port), &hints, &first)
    guard status == 0, let first else {
      throw Refused(
        host: host, reason: "a name that does not resolve (\(String(cString: gai_strerror(status))))")
    }
    defer { freeaddrinfo(first) }
    var found: [SocketAddress] = []
    var cursor: UnsafeMutablePointer<addrinfo>? = first
    while let entry = cursor {
      defer { cursor = entry.pointee.ai_next }
      guard let address = entry.pointee.ai_addr else { continue }
      switch Int32(address.pointee.sa_family) {
      case AF_INET:
        found.append(
          address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
            SocketAddress($0.pointee, host: host)
          })
      case AF_INET6:
        found.append(
          address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
            SocketAddress($0.pointee, host: host)
          })
      default:
        continue
      }
    }
    return found
  }
}

import Foundation
import HeraldSystem
import Hummingbird

/// Refuses a request whose `Host` names anything but this server: a page on another site cannot
/// reach it by pointing a DNS name of its own at 127.0.0.1 (DNS rebinding). The port is not
/// compared: a rebinding attacker controls the name, never the address it resolves to.
struct HostCheckMiddleware<Context: RequestContext>: RouterMiddleware {
  let allowed: Set<String>

  /// The names a server bound to `host` answers to: the loopback names, and `host` itself.
  ///
  /// A server reachable from other machines (`allowRemote`) bound to every interface (`0.0.0.0`,
  /// `::`) answers to each address the machine's interfaces have when it starts, and to the
  /// machine's host name; any other name is still refused.
  init(host: String, allowRemote: Bool = false) {
    var names: Set<String> = ["127.0.0.1", "localhost", "::1", host.lowercased()]
    if allowRemote, Self.wildcards.contains(host) {
      names.formUnion(LocalAddresses.all().map { $0.lowercased() })
      let machine = ProcessInfo.processInfo.hostName.lowercased()
      if !machine.isEmpty {
        names.insert(machine)
        // `host.lan` → also `host`, the name a neighbour on the LAN types.
        names.insert(String(machine.split(separator: ".").first ?? ""))
      }
    }
    names.subtract(Self.wildcards)
    names.remove("")
    allowed = names
  }

  /// The addresses that mean "every interface": never a name a browser should send.
  static var wildcards: Set<String> { ["0.0.0.0", "::", ""] }

  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
    async throws -> Response
  {
    guard let authority = request.head.authority, allowed.contains(Self.hostName(authority)) else {
      return Response(
        status: .misdirectedRequest, headers: [.contentType: "text/plain; charset=utf-8"],
        body: .init(byteBuffer: ByteBuffer(string: "This server does not answer to that host name.\n")))
    }
    return try await next(request, context)
  }

  /// `localhost:8080` → `localhost`; `[::1]:8080` → `::1`.
  static func hostName(_ authority: String) -> String {
    let lowered = authority.lowercased()
    if lowered.hasPrefix("["), let close = lowered.firstIndex(of: "]") {
      return String(lowered[lowered.index(after: lowered.startIndex)..<close])
    }
    return String(lowered.split(separator: ":", maxSplits: 1).first ?? "")
  }
}

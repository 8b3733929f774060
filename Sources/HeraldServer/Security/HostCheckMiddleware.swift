import Hummingbird

/// Refuses a request whose `Host` names anything but this server: a page on another site cannot
/// reach it by pointing a DNS name of its own at 127.0.0.1 (DNS rebinding). The port is not
/// compared: a rebinding attacker controls the name, never the address it resolves to.
struct HostCheckMiddleware<Context: RequestContext>: RouterMiddleware {
  let allowed: Set<String>

  /// The names a server bound to `host` answers to: the loopback names, and `host` itself.
  init(host: String) {
    var names: Set<String> = ["127.0.0.1", "localhost", "::1", host.lowercased()]
    names.remove("0.0.0.0")
    allowed = names
  }

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

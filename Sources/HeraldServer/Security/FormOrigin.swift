import HTTPTypes
import Hummingbird

/// The second half of the pages' defence against forged posts (the form token is the first): a
/// browser names the origin of the page a form was posted from, and a form of Herald's is only
/// ever posted from Herald's own pages. A foreign origin is another site's page; `null` is a page
/// with no origin of its own (a sandboxed frame, a `data:` URL, a redirect across sites), which
/// can be anyone's. Either is refused on its own, whatever the cookies say, so the stated defence
/// does not lean on `SameSite` alone. A post without `Origin` (an old browser, curl) is left to the
/// form token.
struct FormOrigin: Equatable {
  var scheme: String
  var host: String
  var port: Int

  /// The origin a browser shows `value` as (`http://127.0.0.1:8080`), or `nil` when it is not a
  /// serialized origin (RFC 6454 §6.2: a scheme, a host, a port when not the scheme's default, and
  /// no path).
  init?(_ value: some StringProtocol) {
    guard let separator = value.range(of: "://") else { return nil }
    let scheme = value[..<separator.lowerBound].lowercased()
    let authority = value[separator.upperBound...]
    guard !scheme.isEmpty, !authority.contains("/"), !authority.contains("@"), !authority.contains(" ") else {
      return nil
    }
    self.init(scheme: scheme, authority: authority)
  }

  /// `scheme` and an authority as the `Host` header writes it (`localhost:8080`, `[::1]:8080`,
  /// `herald.example`: the scheme's default port).
  init?(scheme: String, authority: some StringProtocol) {
    let lowered = authority.lowercased()
    let host: Substring
    let portText: Substring?
    if lowered.hasPrefix("[") {
      guard let close = lowered.firstIndex(of: "]") else { return nil }
      host = lowered[lowered.index(after: lowered.startIndex)..<close]
      let rest = lowered[lowered.index(after: close)...]
      guard rest.isEmpty || rest.hasPrefix(":") else { return nil }
      portText = rest.isEmpty ? nil : rest.dropFirst()
    } else {
      let parts = lowered.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
      host = parts[0]
      portText = parts.count == 2 ? parts[1] : nil
    }
    let defaultPort = scheme == "https" ? 443 : 80
    guard !host.isEmpty else { return nil }
    if let portText {
      guard let port = Int(portText), (0...65_535).contains(port) else { return nil }
      self.init(scheme: scheme, host: String(host), port: port)
    } else {
      self.init(scheme: scheme, host: String(host), port: defaultPort)
    }
  }

  init(scheme: String, host: String, port: Int) {
    self.scheme = scheme
    self.host = host
    self.port = port
  }

  /// This server's origin as the request reached it: its scheme and the `Host` it was sent to.
  /// Behind a reverse proxy that terminates TLS (as docs/browser-and-api.md advises on a network
  /// not trusted), the browser's origin is the proxy's: `X-Forwarded-Proto` and `X-Forwarded-Host`,
  /// when the proxy sets them, say what it was. Trusting them gives a forger nothing: a page of
  /// another site cannot add headers to a form its visitor's browser posts.
  static func server(of request: Request) -> FormOrigin? {
    let scheme = forwarded(.xForwardedProto, request)?.lowercased() ?? request.head.scheme ?? "http"
    guard let authority = forwarded(.xForwardedHost, request) ?? request.head.authority else { return nil }
    return FormOrigin(scheme: scheme, authority: authority)
  }

  /// Why a form posted with `request` is refused because of where it came from; `nil` when it
  /// names no origin or this server's.
  static func refusal(of request: Request) -> String? {
    guard let sent = request.headers[.origin] else { return nil }
    let own = server(of: request)
    if let origin = FormOrigin(sent), origin == own { return nil }
    let ownText = own.map { " (\($0))" } ?? ""
    if sent == "null" {
      return "This form was sent from a page with no origin of its own (Origin: null), not from "
        + "Herald's pages\(ownText); nothing was changed. Open Herald's page and send the form from there."
    }
    return "This form was sent from another site (Origin: \(sent)), not from Herald's pages\(ownText); "
      + "nothing was changed. Open Herald's page and send the form from there."
  }

  /// The first value of a proxy's header, when a proxy set it.
  private static func forwarded(_ name: HTTPField.Name, _ request: Request) -> String? {
    guard let value = request.headers[name]?.split(separator: ",").first else { return nil }
    let trimmed = value.drop(while: { $0 == " " || $0 == "\t" })
    return trimmed.isEmpty ? nil : String(trimmed.prefix { $0 != " " && $0 != "\t" })
  }
}

extension FormOrigin: CustomStringConvertible {
  /// As a browser writes it: the port only when it is not the scheme's default.
  var description: String {
    let shownHost = host.contains(":") ? "[\(host)]" : host
    let defaultPort = scheme == "https" ? 443 : 80
    return port == defaultPort ? "\(scheme)://\(shownHost)" : "\(scheme)://\(shownHost):\(port)"
  }
}

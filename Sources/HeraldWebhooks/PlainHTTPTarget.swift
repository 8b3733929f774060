import Foundation

/// Where a plain `http` webhook goes: the receiver to connect to, the `Host` header and the
/// request target (path and query, as the user's URL has them percent-encoded).
struct PlainHTTPTarget: Sendable {
  var address: ReceiverConnections.Address
  var host: String
  var uri: String

  /// Nil for anything but an `http` URL with a host (`https` goes through a TLS client).
  init?(_ url: URL) {
    guard url.scheme?.lowercased() == "http",
      let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
      let host = components.host, !host.isEmpty
    else { return nil }
    let port = components.port ?? 80
    // An IPv6 literal is bracketed in the Host header, not when connecting.
    let name = host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host
    let shown = name.contains(":") ? "[\(name)]" : name
    address = ReceiverConnections.Address(host: name, port: port)
    self.host = components.port.map { "\(shown):\($0)" } ?? shown
    let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
    uri = components.percentEncodedQuery.map { "\(path)?\($0)" } ?? path
  }
}

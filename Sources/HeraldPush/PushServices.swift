import Foundation
import HeraldCore

/// The push services a subscription's endpoint may name: a client supplies the URL and Herald
/// POSTs to it, so an endpoint anywhere else would be a way into the operator's network.
///
/// By default only `https://` on the browser vendors' push hosts and their subdomains, on the
/// default port; the operator adds origins of their own (`--push-service URL`), the only way an
/// `http://` endpoint, a loopback address or another port is accepted.
public struct PushServices: Sendable, Hashable {
  /// The vendors' push hosts; a host matches one when it is that host or a subdomain of it.
  ///
  /// Apple: `web.push.apple.com` (Safari, iOS and macOS) under `push.apple.com`. Google:
  /// `fcm.googleapis.com` (Chrome, Chromium-based browsers, Android) — not all of
  /// `googleapis.com`, where every Google API lives and none other takes pushes. Mozilla:
  /// `updates.push.services.mozilla.com` under `push.services.mozilla.com`. Microsoft: Edge's
  /// Windows Notification Service, `*.notify.windows.com`.
  public static let vendorHosts = [
    "push.apple.com", "fcm.googleapis.com", "push.services.mozilla.com", "notify.windows.com",
  ]

  /// Origins the operator allowed, beside the vendors'.
  public private(set) var operatorOrigins: [Origin]

  /// The vendors' push services alone.
  public static let vendorsOnly = PushServices()

  /// The vendors' push services alone.
  public init() {
    operatorOrigins = []
  }

  /// The vendors' hosts, and `allowed`: URLs whose origins the operator allows (`--push-service`).
  public init(allowing allowed: [String]) throws(FieldError) {
    operatorOrigins = []
    for (index, text) in allowed.enumerated() {
      guard let url = URL(string: text), let origin = Origin(url),
        origin.scheme == "https" || origin.scheme == "http"
      else { throw FieldError("pushServices[\(index)]", "not an http(s) URL: \"\(text)\"") }
      operatorOrigins.append(origin)
    }
  }

  /// The endpoint as a URL when Herald may POST to it; a one-line error naming `endpoint` otherwise.
  public func check(_ endpoint: String) throws(FieldError) -> URL {
    guard let url = URL(string: endpoint), let origin = Origin(url) else {
      throw FieldError("endpoint", "not an absolute http(s) URL")
    }
    guard url.user == nil, url.password == nil else {
      throw FieldError("endpoint", "must not carry a user name or password")
    }
    if operatorOrigins.contains(origin) { return url }
    guard origin.scheme == "https" else {
      throw FieldError("endpoint", "not https, and \(origin.text) is not an allowed push service")
    }
    guard origin.port == 443, Self.isVendorHost(origin.host) else {
      throw FieldError("endpoint", "\(origin.text) is not a known push service")
    }
    return url
  }

  /// Whether `host` (lower case) is a vendor's push host or a subdomain of one. Whole labels only:
  /// `push.apple.com.evil.example` and `evilpush.apple.com` are not Apple's.
  static func isVendorHost(_ host: String) -> Bool {
    vendorHosts.contains { host == $0 || host.hasSuffix("." + $0) }
  }

  /// Scheme, host and port (the default one written out): what an endpoint is compared by.
  public struct Origin: Sendable, Hashable {
    public var scheme: String
    public var host: String
    public var port: Int

    /// `nil` unless `url` is absolute http(s) with a host. A trailing dot is not taken off: such a
    /// host names the same machine but matches no allowed host, so it is refused.
    public init?(_ url: URL) {
      guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
        let scheme = components.scheme?.lowercased(), scheme == "https" || scheme == "http",
        let host = components.host?.lowercased(), !host.isEmpty
      else { return nil }
      self.scheme = scheme
      self.host = host
      self.port = components.port ?? (scheme == "https" ? 443 : 80)
    }

    /// `https://web.push.apple.com` (no default port) or `http://127.0.0.1:9999`.
    public var text: String {
      let bracketed = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
      let isDefault = port == (scheme == "https" ? 443 : 80)
      return isDefault ? "\(scheme)://\(bracketed)" : "\(scheme)://\(bracketed):\(port)"
    }
  }
}

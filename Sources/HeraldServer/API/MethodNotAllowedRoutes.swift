import HTTPTypes
import Hummingbird
import OpenAPIRuntime

/// Registers the generated operations and notes each path's methods on the way, so that another
/// method on a path of the API (`PUT /settings`) is answered as RFC 9110 §15.5.6 says: 405 with
/// `Allow` naming the methods the path has, and the API's JSON error, instead of the router's
/// empty 404, which says the path does not exist.
final class MethodNotAllowedRoutes: ServerTransport {
  /// The methods a request may try on a path; anything else is the router's (404 or 405 by path).
  static let methods: [HTTPRequest.Method] = [.get, .put, .post, .patch, .delete]

  private let base: any ServerTransport
  /// The paths in the order the generated code registers them, with their methods.
  private var paths: [(path: String, methods: [HTTPRequest.Method])] = []

  init(registeringOn base: any ServerTransport) {
    self.base = base
  }

  func register(
    _ handler:
      @Sendable @escaping (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (
        HTTPResponse, HTTPBody?
      ),
    method: HTTPRequest.Method,
    path: String
  ) throws {
    try base.register(handler, method: method, path: path)
    if let index = paths.firstIndex(where: { $0.path == path }) {
      paths[index].methods.append(method)
    } else {
      paths.append((path, [method]))
    }
  }

  /// Answers every other method of `methods` on each path noted with 405, on `router` (the API's
  /// group, so its middleware runs first: no token is still 401).
  func registerMethodNotAllowed(on router: some RouterMethods<some RequestContext>, prefix: String) {
    for (path, allowed) in paths {
      let allow = Self.methods.filter(allowed.contains).map(\.rawValue).joined(separator: ", ")
      for method in Self.methods where !allowed.contains(method) {
        let error = APIError(
          .methodNotAllowed,
          problem: "\(method.rawValue) is not an operation of \(prefix)\(path) (it has \(allow))",
          headers: [.allow: allow])
        router.on(RouterPath(path), method: method) { _, _ -> Response in throw error }
      }
    }
  }
}

import HTTPTypes
import Hummingbird

/// Every API request needs `Authorization: Bearer TOKEN`; the token decides the account the
/// request acts for (`Account.current`). Anything else is 401 with a `WWW-Authenticate` challenge.
struct BearerTokenMiddleware<Context: RequestContext>: RouterMiddleware {
  let directory: any AccountDirectory

  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
    async throws -> Response
  {
    guard let header = request.headers[.authorization], let secret = Self.bearerToken(header) else {
      throw Self.unauthorized("a bearer token is required (herald token create NAME makes one)")
    }
    guard let account = try await directory.account(forToken: String(secret)) else {
      throw Self.unauthorized("the bearer token is not valid")
    }
    return try await Account.$current.withValue(account) { try await next(request, context) }
  }

  /// The token of an `Authorization` value of the bearer scheme (`Bearer hrld_…`), or `nil` for
  /// another scheme or none. RFC 9110 §11.1 makes the scheme case-insensitive (`bearer`, `BEARER`)
  /// and lets one or more spaces follow it; the blanks around the value (OWS) are trimmed by hand:
  /// Foundation's `trimmingCharacters(in:)` goes through NSString, 2 % of `herald serve`'s CPU a
  /// request.
  static func bearerToken(_ header: String) -> Substring? {
    let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    let value = header.drop(while: blank)
    let scheme = value.prefix { !blank($0) }
    // ASCII letters compared without case, without making a lower-cased copy.
    let isBearer =
      scheme.utf8.count == 6 && zip(scheme.utf8, "bearer".utf8).allSatisfy { $0 | 0x20 == $1 }
    guard isBearer, scheme.count < value.count else { return nil }
    var secret = value.dropFirst(scheme.count).drop(while: blank)
    while let last = secret.last, blank(last) { secret.removeLast() }
    return secret.isEmpty ? nil : secret
  }

  static func unauthorized(_ problem: String) -> APIError {
    APIError(.unauthorized, problem: problem, headers: [.wwwAuthenticate: "Bearer realm=\"herald\""])
  }
}

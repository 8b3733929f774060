import HTTPTypes
import Hummingbird

/// Every API request needs `Authorization: Bearer TOKEN`; the token decides the account the
/// request acts for (`Account.current`). Anything else is 401 with a `WWW-Authenticate` challenge.
struct BearerTokenMiddleware<Context: RequestContext>: RouterMiddleware {
  let directory: any AccountDirectory

  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
    async throws -> Response
  {
    guard let header = request.headers[.authorization], header.hasPrefix("Bearer ") else {
      throw Self.unauthorized("a bearer token is required (herald token create NAME makes one)")
    }
    // The blanks HTTP allows around a value (RFC 9110's OWS), trimmed by hand: Foundation's
    // `trimmingCharacters(in:)` goes through NSString, 2 % of `herald serve`'s CPU a request.
    let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    var secret = header.dropFirst("Bearer ".count).drop(while: blank)
    while let last = secret.last, blank(last) { secret.removeLast() }
    guard let account = try await directory.account(forToken: String(secret)) else {
      throw Self.unauthorized("the bearer token is not valid")
    }
    return try await Account.$current.withValue(account) { try await next(request, context) }
  }

  static func unauthorized(_ problem: String) -> APIError {
    APIError(.unauthorized, problem: problem, headers: [.wwwAuthenticate: "Bearer realm=\"herald\""])
  }
}

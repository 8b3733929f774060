import Foundation
import HTTPTypes
import HeraldCore
import HeraldInterchange
import Hummingbird
import OpenAPIRuntime

/// Reads an API request's body before the generated handlers do, as strictly as the command line
/// reads a file:
///
/// - No body is read whole past its limit (1 MiB of JSON, 4 MiB of anything else: a GPX route):
///   a `Content-Length` over it is 413 before a byte of the body is read, and a body without one
///   (chunked) is stopped with 413 where it passes the limit. The generated code would collect
///   any body whole, however large.
/// - A JSON body is read by Herald's own parser (`JSONValue.parse`), which refuses what
///   `JSONDecoder` lets through: a duplicate key, where the decoder keeps one of the two values
///   without a word; a trailing comma. Its error names the path, the line and the column. Keys the
///   document does not know are refused by the generated decoders (`additionalProperties: false`
///   on every schema a request sends), their errors put in Herald's words by `APIError`.
///
/// Runs after the bearer middleware: a request without a valid token is refused unread.
struct RequestBodyMiddleware<Context: RequestContext>: RouterMiddleware {
  /// The most a JSON body may hold: a movement schedule of every weekday or a route of a few
  /// thousand points is far smaller.
  static var largestJSONBody: Int { 1 << 20 }
  /// The most any other body may hold: the GPX route of `POST /routes`.
  static var largestBody: Int { APIHandler.largestRouteBody }

  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
    async throws -> Response
  {
    guard Self.hasBody(request.headers) else { return try await next(request, context) }
    let isJSON = Self.isJSON(request.headers[.contentType])
    let limit = isJSON ? Self.largestJSONBody : Self.largestBody
    if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > limit {
      throw Self.tooLarge(limit, isJSON: isJSON)
    }
    var request = request
    let limited = LimitedBody(base: request.body, limit: limit, error: Self.tooLarge(limit, isJSON: isJSON))
    guard isJSON else {
      // Read by the operation itself (the GPX reader), never past the limit.
      request.body = RequestBody(asyncSequence: limited)
      return try await next(request, context)
    }
    var body = ByteBuffer()
    for try await part in limited {
      var part = part
      body.writeBuffer(&part)
    }
    let parsed: JSONValue
    do {
      parsed = try JSONValue.parse(Data(body.readableBytesView))
    } catch {
      throw APIError(.badRequest, field: error.field.isEmpty ? nil : error.field, problem: error.problem)
    }
    request.body = RequestBody(buffer: body)
    do {
      return try await next(request, context)
    } catch let error as ServerError where error.operationInput == nil {
      // The generated decoder refused the body: its error said in Herald's words, with the body at
      // hand to name what the decoder's words leave out.
      throw APIError.unreadable(error, body: parsed)
    }
  }

  /// Whether the request says a body follows: a length above 0, or a transfer coding (chunked).
  static func hasBody(_ headers: HTTPFields) -> Bool {
    if headers[.transferEncoding] != nil { return true }
    guard let length = headers[.contentLength] else { return false }
    return length != "0"
  }

  /// Whether the generated code reads the body as JSON: `application/json` with any parameters,
  /// or no `Content-Type` at all (it then takes the operation's first content type, JSON for all
  /// of them).
  static func isJSON(_ contentType: String?) -> Bool {
    guard let contentType else { return true }
    let mediaType = contentType.prefix { $0 != ";" }.trimmingCharacters(in: .whitespaces)
    return mediaType.caseInsensitiveCompare("application/json") == .orderedSame
  }

  static func tooLarge(_ limit: Int, isJSON: Bool) -> APIError {
    APIError(
      .contentTooLarge,
      problem: "the body is larger than \(limit >> 20) MiB, the most Herald reads "
        + (isJSON ? "of JSON" : "of a body that is not JSON (a GPX route)"))
  }
}

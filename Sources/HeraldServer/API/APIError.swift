import Foundation
import HTTPTypes
import HeraldContracts
import HeraldCore
import HeraldPostgres
import HeraldPostgresConnections
import HeraldSQLite
import HeraldSystem
import Hummingbird
import OpenAPIRuntime

/// An API failure as HTTP: a status and the JSON error body of the OpenAPI document
/// (`{"error": {"field": …, "problem": …, "message": …}}`). The one place errors become statuses.
struct APIError: Error, HTTPResponseError, Sendable {
  var status: HTTPResponse.Status
  var field: String?
  var problem: String
  var headers: HTTPFields = [:]

  init(_ status: HTTPResponse.Status, field: String? = nil, problem: String, headers: HTTPFields = [:]) {
    self.status = status
    self.field = field
    self.problem = problem
    self.headers = headers
  }

  /// The one-line message, as the command line prints it.
  var message: String { field.map { "\($0): \(problem)" } ?? problem }

  /// What any error thrown while handling an API request means for the client.
  init(from error: any Error) {
    switch error {
    case let error as APIError: self = error
    case let error as ServerError where error.operationInput == nil:
      // It failed while the request was read into the operation's input: the client's fault.
      self = APIError.unreadable(error, body: nil)
    case let error as ServerError:
      if let answer = error.underlyingError as? any HTTPResponseConvertible {
        // The runtime's own verdict on the request, such as 406 for an `Accept` without JSON, in
        // Herald's words.
        let (field, problem) = Self.verdict(answer.httpStatus)
        self.init(answer.httpStatus, field: field, problem: problem)
      } else {
        self = APIError(fromHandler: error.underlyingError)
      }
    default: self = APIError(fromHandler: error)
    }
  }

  /// What a status the runtime chose means here.
  private static func verdict(_ status: HTTPResponse.Status) -> (field: String?, problem: String) {
    switch status {
    case .notAcceptable: ("Accept", "the API answers application/json only")
    case .unsupportedMediaType: ("Content-Type", "the API reads application/json")
    default: (nil, "the request is not what the API document describes")
    }
  }

  /// An error thrown by Herald while handling a well-formed request.
  private init(fromHandler error: any Error) {
    switch error {
    case let error as APIError: self = error
    case let error as FieldError: self.init(.unprocessableContent, field: error.field, problem: error.problem)
    case let error as RecordError:
      self.init(
        error.reason == .notFound ? .notFound : .conflict, field: error.subject, problem: error.problem)
    case let error as EnvironmentError: self.init(.serviceUnavailable, problem: error.description)
    case is DatabaseUnavailable:
      self.init(
        .serviceUnavailable,
        problem: "the database cannot be reached now; nothing was changed, try again shortly",
        headers: [.retryAfter: "5"])
    case let error as any HTTPResponseError: self.init(error.status, problem: "\(error.status.reasonPhrase)")
    default: self.init(.internalServerError, problem: "internal error")
    }
  }

  // MARK: HTTPResponseError

  func response(from request: Request, context: some RequestContext) throws -> Response {
    var error: [String: String] = ["problem": problem, "message": message]
    if let field { error["field"] = field }
    // Sorted: the same error reads the same every time (and the manuals can show it as printed).
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let body = try encoder.encode(["error": error])
    var headers = headers
    headers[.contentType] = "application/json; charset=utf-8"
    return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: body)))
  }
}

import Foundation
import HTTPTypes
import HeraldCore
import HeraldPostgres
import HeraldStore
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
      self =
        (error.underlyingError as? DecodingError).map(Self.badRequest)
        ?? APIError(
          .badRequest,
          problem: "the request is not what the API document describes: \(error.causeDescription)")
    case let error as ServerError:
      if let answer = error.underlyingError as? any HTTPResponseConvertible {
        // The runtime's own verdict on the request, such as 406 for an `Accept` without JSON.
        self.init(answer.httpStatus, problem: error.causeDescription)
      } else {
        self = APIError(fromHandler: error.underlyingError)
      }
    default: self = APIError(fromHandler: error)
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

  /// A body that does not decode: the field from the coding path, in the document's words.
  private static func badRequest(_ error: DecodingError) -> APIError {
    func path(_ keys: [any CodingKey]) -> String {
      keys.reduce("") { path, key in
        if let index = key.intValue { return path + "[\(index)]" }
        return path.isEmpty ? key.stringValue : path + "." + key.stringValue
      }
    }
    switch error {
    case .keyNotFound(let key, let context):
      let parent = path(context.codingPath)
      return APIError(
        .badRequest, field: parent.isEmpty ? key.stringValue : "\(parent).\(key.stringValue)",
        problem: "required")
    case .typeMismatch(let type, let context):
      return APIError(.badRequest, field: path(context.codingPath), problem: "expected \(typeName(type))")
    case .valueNotFound(let type, let context):
      return APIError(
        .badRequest, field: path(context.codingPath), problem: "expected \(typeName(type)), got null")
    case .dataCorrupted(let context):
      let field = path(context.codingPath)
      return APIError(.badRequest, field: field.isEmpty ? nil : field, problem: context.debugDescription)
    @unknown default:
      return APIError(.badRequest, problem: "not valid JSON")
    }
  }

  private static func typeName(_ type: Any.Type) -> String {
    switch type {
    case is String.Type: "a string"
    case is Int.Type, is Double.Type: "a number"
    case is Bool.Type: "true or false"
    case is [Any].Type: "an array"
    default: "an object"
    }
  }

  // MARK: HTTPResponseError

  func response(from request: Request, context: some RequestContext) throws -> Response {
    var error: [String: String] = ["problem": problem, "message": message]
    if let field { error["field"] = field }
    let body = try JSONEncoder().encode(["error": error])
    var headers = headers
    headers[.contentType] = "application/json; charset=utf-8"
    return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: body)))
  }
}

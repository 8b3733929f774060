import AsyncHTTPClient
import Foundation
import HeraldContracts
import HeraldCore
import HeraldInterchange
import HeraldSQLite
import NIOCore
import NIOHTTP1

/// HTTP for calendars on the web, with the calendar's credentials. The password is read from its
/// file (or `$HERALD_CALENDAR_PASSWORD`) for each read and goes only into the `Authorization`
/// header: never into the database, an error or the log.
struct CalendarHTTP {
  /// The environment variable a password is taken from when no password file is given.
  static let passwordVariable = "HERALD_CALENDAR_PASSWORD"
  /// The largest password file read: a password, not a document.
  static let largestPasswordFile = 64 << 10
  /// The largest answer read from a calendar server: a feed, or a CalDAV multistatus holding
  /// every event of a collection (a year of a busy calendar is a few MB). A larger one is refused
  /// as soon as its `Content-Length` says so, or once that much has come.
  static let largestAnswer = 64 << 20

  struct Response: Sendable {
    var status: Int
    var contentType: String?
    var etag: String?
    var body: Data
  }

  let url: String
  private let authorization: String?
  /// When the read this client is for must be over, every request and every byte of the answers
  /// included: a server trickling a byte a second is given up on then, as one that never answers.
  let deadline: ContinuousClock.Instant

  init(
    _ calendar: FollowedCalendar,
    deadline: ContinuousClock.Instant = .now + CalendarSourceReader.webReadTimeout,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws(FieldError) {
    url = calendar.source
    self.deadline = deadline
    guard let username = calendar.username else {
      authorization = nil
      return
    }
    var password: Data
    if let file = calendar.passwordFile {
      password = try InputFile.contents(of: file, limit: Self.largestPasswordFile)
      // One trailing newline, as an editor or `echo` leaves it, is not part of the password.
      if password.last == UInt8(ascii: "\n") { password.removeLast() }
    } else if let text = environment[Self.passwordVariable] {
      password = Data(text.utf8)
    } else {
      throw FieldError("--username", "needs --password-file or $\(Self.passwordVariable)")
    }
    authorization = "Basic " + (Data("\(username):".utf8) + password).base64EncodedString()
  }

  /// Sends one request to `target` (default: the calendar's URL) and reads its answer whole, by
  /// the deadline; throws only when no whole answer came.
  func send(
    _ method: String, to target: String? = nil, headers: [String: String] = [:], body: String? = nil,
    contentType: String = "application/xml; charset=utf-8"
  ) async throws(FieldError) -> Response {
    let target = target ?? url
    var request = HTTPClientRequest(url: target)
    request.method = HTTPMethod(rawValue: method)
    request.headers.add(name: "User-Agent", value: "Herald")
    if let authorization { request.headers.add(name: "Authorization", value: authorization) }
    for (name, value) in headers { request.headers.add(name: name, value: value) }
    if let body {
      request.headers.add(name: "Content-Type", value: contentType)
      request.body = .bytes(ByteBuffer(string: body))
    }
    let deadline = deadline
    let prepared = request
    do {
      // The client's own deadline ends only the wait for the answer's head; the body is raced
      // against the same instant here, so the whole exchange ends by it.
      return try await withThrowingTaskGroup(of: Response?.self) { group in
        group.addTask { try await Self.exchange(prepared) }
        group.addTask {
          try await Task.sleep(until: deadline, clock: .continuous)
          return nil
        }
        defer { group.cancelAll() }
        guard let first = try await group.next(), let response = first else { throw DeadlinePassed() }
        return response
      }
    } catch is DeadlinePassed {
      throw FieldError(
        target,
        "gave no whole answer within \(CalendarSourceReader.webReadTimeout.components.seconds) s, "
          + "the longest Herald waits for a calendar server")
    } catch is AnswerTooLarge {
      throw Self.tooLarge(target)
    } catch is NIOTooManyBytesError {
      throw Self.tooLarge(target)
    } catch {
      let reason = "\(error)".split(whereSeparator: \.isNewline).first.map(String.init) ?? "no answer"
      throw FieldError(target, "cannot be reached (\(reason))")
    }
  }

  /// One exchange, its answer read whole (at most `largestAnswer` bytes).
  private static func exchange(_ request: HTTPClientRequest) async throws -> Response {
    let response = try await HTTPClient.shared.execute(
      request, timeout: .seconds(CalendarSourceReader.webReadTimeout.components.seconds))
    if let length = response.headers.first(name: "Content-Length").flatMap(Int.init), length > largestAnswer {
      throw AnswerTooLarge()
    }
    let bytes = try await response.body.collect(upTo: largestAnswer)
    return Response(
      status: Int(response.status.code), contentType: response.headers.first(name: "Content-Type"),
      etag: response.headers.first(name: "ETag"), body: Data(bytes.readableBytesView))
  }

  private static func tooLarge(_ target: String) -> FieldError {
    FieldError(
      target,
      "answered with more than \(ByteCountText.text(largestAnswer)), the most Herald reads from a calendar server"
    )
  }

  private struct DeadlinePassed: Error {}
  private struct AnswerTooLarge: Error {}

  /// The message for an answer that is not what was asked for.
  func refused(_ response: Response, _ what: String) -> FieldError {
    switch response.status {
    case 401, 403: FieldError(url, "the server refused the user name or password (HTTP \(response.status))")
    case 404: FieldError(url, "no such calendar on the server (HTTP 404)")
    default: FieldError(url, "\(what) failed (HTTP \(response.status))")
    }
  }

  /// `href` (an absolute path, as servers send it) made a full URL on the calendar's server.
  func resolve(_ href: String) -> String {
    guard let base = URL(string: url), let resolved = URL(string: href, relativeTo: base) else { return href }
    return resolved.absoluteString
  }
}

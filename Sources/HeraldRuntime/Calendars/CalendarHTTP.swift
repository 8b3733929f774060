import AsyncHTTPClient
import Foundation
import HeraldCore
import HeraldInterchange
import HeraldStore
import NIOCore
import NIOHTTP1

/// HTTP for calendars on the web, with the calendar's credentials. The password is read from its
/// file (or `$HERALD_CALENDAR_PASSWORD`) for each read and goes only into the `Authorization`
/// header: never into the database, an error or the log.
struct CalendarHTTP {
  /// The environment variable a password is taken from when no password file is given.
  static let passwordVariable = "HERALD_CALENDAR_PASSWORD"

  struct Response {
    var status: Int
    var contentType: String?
    var etag: String?
    var body: Data
  }

  let url: String
  private let authorization: String?

  init(_ calendar: FollowedCalendar, environment: [String: String] = ProcessInfo.processInfo.environment)
    throws(FieldError)
  {
    url = calendar.source
    guard let username = calendar.username else {
      authorization = nil
      return
    }
    var password: Data
    if let file = calendar.passwordFile {
      password = try InputFile.contents(of: file)
      // One trailing newline, as an editor or `echo` leaves it, is not part of the password.
      if password.last == UInt8(ascii: "\n") { password.removeLast() }
    } else if let text = environment[Self.passwordVariable] {
      password = Data(text.utf8)
    } else {
      throw FieldError("--username", "needs --password-file or $\(Self.passwordVariable)")
    }
    authorization = "Basic " + (Data("\(username):".utf8) + password).base64EncodedString()
  }

  /// Sends one request to `target` (default: the calendar's URL); throws only when no answer came.
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
    do {
      let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
      let bytes = try await response.body.collect(upTo: 64 << 20)
      return Response(
        status: Int(response.status.code), contentType: response.headers.first(name: "Content-Type"),
        etag: response.headers.first(name: "ETag"), body: Data(bytes.readableBytesView))
    } catch {
      let reason = "\(error)".split(whereSeparator: \.isNewline).first.map(String.init) ?? "no answer"
      throw FieldError(target, "cannot be reached (\(reason))")
    }
  }

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

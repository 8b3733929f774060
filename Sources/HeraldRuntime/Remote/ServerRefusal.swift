import Foundation
import HeraldInterchange

/// The server answered the delivery stream with an error (a token that is not valid, a server
/// without delivery streams): said in one line with the server's own words.
public struct ServerRefusal: Error, CustomStringConvertible {
  public var server: URL
  public var status: Int
  /// The server's message (`{"error": {"message": …}}`), or the start of its answer.
  public var message: String

  init(server: URL, status: Int, body: Data) {
    self.server = server
    self.status = status
    var message = String(decoding: body.prefix(300), as: UTF8.self).trimmingCharacters(
      in: .whitespacesAndNewlines)
    if case .object(let members)? = try? JSONValue.parse(body),
      case .object(let error)? = members.first(where: { $0.key == "error" })?.value,
      case .string(let text)? = error.first(where: { $0.key == "message" })?.value
    {
      message = text
    }
    self.message = message
  }

  /// Whether asking again cannot help (4xx: the request is wrong); a 5xx is the server's own
  /// trouble, tried again.
  public var isFinal: Bool { (400..<500).contains(status) }

  public var description: String {
    "the server \(server) refused the delivery stream (HTTP \(status))"
      + (message.isEmpty ? "" : ": \(message)")
  }
}

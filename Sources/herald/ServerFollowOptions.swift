import ArgumentParser
import Foundation
import HeraldCore

/// `herald run --server URL --token T`: follow a user's deliveries on a server for many users
/// instead of planning from the local data.
struct ServerFollowOptions: ParsableArguments {
  static let tokenVariable = "HERALD_TOKEN"

  @Option(
    help: ArgumentHelp(
      "Show the deliveries of a Herald server for many users (its base URL) instead of planning here.",
      valueName: "url"))
  var server: String?

  @Option(
    help: ArgumentHelp(
      "With --server: the user's API token (herald user add prints one).",
      discussion: "Default: $HERALD_TOKEN (which, unlike an option, other users of the machine cannot see).",
      valueName: "token"))
  var token: String?

  /// The server and token; nil when no server is named.
  func target() throws(FieldError) -> (server: URL, token: String)? {
    guard let server else {
      if token != nil { throw FieldError("--token", "only with --server") }
      return nil
    }
    let url = try HTTPAddress.parse(server, field: "--server")
    let token = token ?? ProcessInfo.processInfo.environment[Self.tokenVariable]
    guard let token, !token.trimmingCharacters(in: .whitespaces).isEmpty else {
      throw FieldError("--token", "required with --server (or set \(Self.tokenVariable))")
    }
    return (url, token)
  }
}

import ArgumentParser
import Foundation
import HeraldContracts
import HeraldCore
import HeraldInterchange
import HeraldSQLite

/// `herald token`: the bearer tokens of the API. Only a hash of each is stored.
struct TokenCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "token", abstract: "Create, list and revoke API tokens.",
    subcommands: [Create.self, List.self, Revoke.self])

  /// `herald token create NAME`: prints the new token, once.
  struct Create: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Create a token and print it (it is shown this once; only its hash is kept).")

    @OptionGroup var store: StoreOptions
    @Argument(help: "A name for it, unique: laptop, phone, home-assistant.") var name: String

    func run() throws {
      try StandardOutput.writeLine(try store.open().createToken(name: name, at: SystemClockText.now()))
    }
  }

  /// `herald token list`.
  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "List the tokens' names and when each was made.")

    @OptionGroup var store: StoreOptions

    func run() throws {
      for token in try store.open(.readOnly).tokens() {
        try StandardOutput.writeRow("\(token.name)  \(RFC3339.utcString(token.createdAt))")
      }
    }
  }

  /// `herald token revoke NAME`.
  struct Revoke: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Revoke a token: it stops working at once.")

    @OptionGroup var store: StoreOptions
    @Argument(help: "The token's name.") var name: String

    func run() throws {
      try store.open().revokeToken(name: name)
    }
  }
}

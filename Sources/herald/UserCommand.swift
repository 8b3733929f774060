import ArgumentParser
import Foundation
import HeraldSystem
import HeraldCore
import HeraldInterchange
import HeraldPostgres

/// `herald user`: the users of a many-user Herald on PostgreSQL (`contracts/server.md`).
struct UserCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "user", abstract: "Add, list, show and remove the users of a many-user Herald (PostgreSQL).",
    subcommands: [Add.self, List.self, Show.self, Remove.self])

  /// `herald user add NAME`: prints the user's first API token, once.
  struct Add: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Add a user and print an API token for them (shown this once; only its hash is kept).")

    @OptionGroup var database: PostgresOptions
    @Argument(help: "A unique name: letters, digits, - _ . and no spaces.") var name: String
    @Option(help: "Their IANA time zone; every wall-clock rule is evaluated in it.") var timeZone = "UTC"
    @Option(help: "de or en.") var locale = "de"
    @Option(help: "Where their deliveries are POSTed (Standard Webhooks signed).") var webhook: String?

    func run() async throws {
      let zone: Zone
      do { zone = try SystemZones.shared.zone(named: timeZone) } catch {
        throw FieldError("--time-zone", error.description)
      }
      let language = try Language(parsing: locale, field: "--locale")
      let url = try webhook.map { (text) throws(FieldError) in
        let url = try HTTPAddress.parse(text, field: "--webhook")
        // The operator's own receiver may be in their network, not where no receiver lives.
        if let reason = OutboundAddress.refusal(of: url, policy: .operatorsNetwork) {
          throw FieldError(
            "--webhook", "\(OutboundAddress.shown(url)): \(reason); Herald does not deliver there")
        }
        return url
      }
      let token = try await database.withStore { store in
        try await store.addUser(
          name: name, timeZone: zone, language: language, webhook: url, at: SystemClockText.now())
      }
      try StandardOutput.writeLine(token)
    }
  }

  /// `herald user list`: a line per user.
  struct List: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "List the users: name, time zone, locale and webhook (- for none).")

    @OptionGroup var database: PostgresOptions

    func run() async throws {
      for user in try await database.withStore({ try await $0.users() }) {
        try StandardOutput.writeRow(
          "\(user.name)  \(user.timeZone.identifier)  \(user.language.rawValue)  \(user.webhook.map(OutboundAddress.shown) ?? "-")"
        )
      }
    }
  }

  /// `herald user show NAME`: the user's settings and webhook secret.
  struct Show: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Show a user: time zone, locale, webhook and the secret that signs their deliveries.")

    @OptionGroup var database: PostgresOptions
    @Argument(help: "The user.") var name: String

    func run() async throws {
      let user = try await database.withStore { try await $0.user(named: name) }
      for row in [
        "name: \(user.name)",
        "time zone: \(user.timeZone.identifier)",
        "locale: \(user.language.rawValue)",
        "webhook: \(user.webhook.map(OutboundAddress.shown) ?? "-")",
        "webhook secret: \(user.webhookSecret)",
        "created: \(RFC3339.utcString(user.createdAt))",
      ] {
        try StandardOutput.writeRow(row)
      }
    }
  }

  /// `herald user remove NAME`.
  struct Remove: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Remove a user with their data, tokens and pending deliveries.")

    @OptionGroup var database: PostgresOptions
    @Argument(help: "The user.") var name: String

    func run() async throws {
      try await database.withStore { try await $0.removeUser(named: name) }
    }
  }
}

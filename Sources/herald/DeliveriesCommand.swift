import ArgumentParser
import Foundation
import HeraldContracts
import HeraldCore
import HeraldInterchange
import HeraldPostgres

/// `herald deliveries`: what the many-user workers did and will do, for an operator: list
/// deliveries, and queue failed or missed ones again.
struct DeliveriesCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "deliveries", abstract: "List the deliveries of a many-user Herald, and retry failed ones.",
    subcommands: [List.self, Retry.self])

  /// `herald deliveries list [--user NAME] [--status …]`.
  struct List: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract:
        "List deliveries, newest fire instant first: id, user, status, fire instant, tries, and the last error.",
      discussion: """
        A pending delivery shows when it is tried next; a delivered one when it was delivered (late: \
        shown more than 5 s after its time).
        """)

    @OptionGroup var database: PostgresOptions
    @Option(help: "Only this user's.") var user: String?
    @Option(help: "Only these: \(DeliveryFilter.allCases.map(\.rawValue).joined(separator: ", ")).")
    var status: String?
    @Option(help: "At most this many (1 to 100000).") var limit = 100

    func run() async throws {
      guard (1...100_000).contains(limit) else {
        throw FieldError("--limit", "expected 1 to 100000, got \(limit)")
      }
      let filter = try status.map { text throws(FieldError) in
        guard let filter = DeliveryFilter(rawValue: text) else {
          throw FieldError(
            "--status",
            "expected one of \(DeliveryFilter.allCases.map(\.rawValue).joined(separator: ", ")), got \"\(text)\""
          )
        }
        return filter
      }
      let records = try await database.withStore { store in
        try await store.deliveries(user: user, filter: filter, limit: limit)
      }
      for record in records { try StandardOutput.writeRow(Self.line(record)) }
    }

    /// One delivery on one line: fields apart by two spaces, the request id and the error as
    /// JSON strings (they may hold anything a user typed).
    static func line(_ record: DeliveryListing) -> String {
      var status = record.status
      if record.status == "delivered", record.late { status = "delivered-late" }
      let when: String =
        switch record.status {
        case "pending": "next " + RFC3339.utcStringWithMilliseconds(record.dueAt)
        case "delivered": "at " + (record.deliveredAt.map(RFC3339.utcStringWithMilliseconds) ?? "-")
        default: "-"
        }
      return [
        String(record.id), record.user, status, RFC3339.utcStringWithMilliseconds(record.fireDate),
        "tries \(record.attempts)", when, JSONWriter.string(.string(record.requestID), pretty: false),
        record.lastError.map { JSONWriter.string(.string($0), pretty: false) } ?? "-",
      ].joined(separator: "  ")
    }
  }

  /// `herald deliveries retry ID|--user NAME`.
  struct Retry: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Queue failed or missed deliveries again: sent at once by a worker, marked late.",
      discussion: "Prints how many were queued. Their grace window counts from now.")

    @OptionGroup var database: PostgresOptions
    @Argument(help: "The delivery's id (from `herald deliveries list`).") var id: Int64?
    @Option(help: "Every failed or missed delivery of this user.") var user: String?

    func run() async throws {
      guard (id == nil) != (user == nil) else {
        throw FieldError("id", "give a delivery's id or --user NAME (one of them)")
      }
      let count = try await database.withStore { store in
        try await store.requeue(id: id, user: user, now: SystemClockText.now())
      }
      try StandardOutput.writeLine("queued \(count) \(count == 1 ? "delivery" : "deliveries") again")
    }
  }
}

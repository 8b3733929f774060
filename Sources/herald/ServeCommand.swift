import ArgumentParser
import Foundation
import HeraldCore
import HeraldPush
import HeraldRuntime
import HeraldServer
import Logging
import ServiceLifecycle

/// `herald serve`: the web pages and the JSON API on the same store as the CLI and the daemon.
struct ServeCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "serve",
    abstract: "Serve the settings, today and live pages and the JSON API (until SIGTERM or SIGINT).",
    discussion: """
      The pages need no login on loopback. The API under /api/v1 needs a bearer token from \
      `herald token create NAME`; its OpenAPI document is at /openapi.yaml. Binding to any other \
      address needs --allow-remote, and then the pages ask for a token too (/login): a right one \
      starts a session kept in the server's memory for 12 hours. The Host header must name the \
      address served (with 0.0.0.0: one of this machine's addresses or its host name).

      With --postgres (or $HERALD_POSTGRES_URL, unless --database or $HERALD_DATABASE names a \
      file) it serves the many users of that database instead: each API request acts for the \
      user whose token (`herald user add`) it carries, and the pages always need a login.
      """)

  @OptionGroup var store: StoreOptions
  @OptionGroup var postgres: PostgresOptions
  @OptionGroup var metrics: MetricsOptions

  @Option(help: "The address to listen on.") var host = "127.0.0.1"
  @Option(help: "The port to listen on.") var port = 8080
  @Flag(help: "Allow a non-loopback address; the pages then need a login with a token.") var allowRemote =
    false
  @OptionGroup var push: PushSendOptions
  @Flag(help: "Log every request.") var verbose = false
  @OptionGroup var clockOptions: ClockOptions

  func run() async throws {
    guard (1...65535).contains(port) else { throw FieldError("--port", "expected 1–65535, got \(port)") }
    if !Self.isLoopback(host), !allowRemote {
      throw FieldError(
        "--host", "\(host) is not a loopback address: add --allow-remote (the pages then need a login)")
    }
    let logger = HeraldLogging.logger(verbose: verbose)
    let metricsServer = try metrics.service(logger: logger)
    let configuration = ServerConfiguration(
      host: host, port: port, allowRemote: allowRemote, pushServices: try push.services.allowed(),
      testPush: try push.settingsIfAsked(origin: "http://\(host.contains(":") ? "[\(host)]" : host):\(port)"))
    let clock = try clockOptions.clock()
    if try servesManyUsers() {
      try await postgres.withStore(logger: logger) { postgres in
        try await Self.serve(
          HeraldServerApp(postgres: postgres, clock: clock, configuration: configuration), metricsServer,
          logger)
      }
      return
    }
    let server = HeraldServerApp(
      store: try store.open(), zones: try clockOptions.zones(), clock: clock, configuration: configuration)
    try await Self.serve(server, metricsServer, logger)
  }

  /// `--postgres` serves many users; so does `$HERALD_POSTGRES_URL`, unless a SQLite file is
  /// named (`--database`, `$HERALD_DATABASE`): a variable exported for other commands (the worker,
  /// a test run) must not turn a single-user server into one for many.
  private func servesManyUsers() throws -> Bool {
    if postgres.postgres != nil {
      guard store.database == nil else {
        throw FieldError("--database", "cannot be used with --postgres: the users' data is in the database")
      }
      return true
    }
    let file = ProcessInfo.processInfo.environment["HERALD_DATABASE"].map { !$0.isEmpty } ?? false
    guard store.database == nil, !file else { return false }
    return try postgres.url() != nil
  }

  private static func serve(_ server: HeraldServerApp, _ metricsServer: (any Service)?, _ logger: Logger)
    async throws
  {
    let group = ServiceGroup(
      services: [metricsServer].compactMap { $0 } + [try server.application(logger: logger)],
      gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
    try await group.run()
  }

  static func isLoopback(_ host: String) -> Bool {
    host == "localhost" || host == "::1" || host.hasPrefix("127.")
  }
}

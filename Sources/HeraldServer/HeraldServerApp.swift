import Foundation
import HeraldCalendars
import HeraldContracts
import HeraldPostgres
import HeraldRuntime
import HeraldSQLite
import Hummingbird
import HummingbirdCore
import Logging
import OpenAPIHummingbird
import ServiceLifecycle

/// `herald serve`: the JSON API under `/api/v1` (generated from openapi.yaml), the pages, and the
/// live events, on one store.
public struct HeraldServerApp: Sendable {
  let configuration: ServerConfiguration
  let directory: any AccountDirectory
  /// The one person's store whose data version the live view polls; `nil` for many users.
  let store: SQLiteStore?
  let clock: any HeraldClock
  let hub: LiveEventHub
  /// The live events per user of a server for many users; `nil` for one person (`hub`).
  let hubs: LiveHubs?
  /// Whether the pages need a login: reachable from other machines, or serving many users.
  let pagesNeedLogin: Bool
  /// The database of many users, whose workers announce new deliveries; `nil` for one person.
  let postgres: PostgresStore?
  /// Wakes the users' delivery streams when their deliveries are announced.
  let deliveryBell = DeliveryBell()

  /// A server for the one person whose data `store` holds; plans use the zone `zones` gives.
  public init(
    store: SQLiteStore, zones: any TimeZoneSource, clock: any HeraldClock, configuration: ServerConfiguration
  ) {
    let directory = SingleUserDirectory(store: store, zones: zones)
    self.configuration = configuration
    self.directory = directory
    self.store = store
    self.clock = clock
    pagesNeedLogin = configuration.allowRemote
    hubs = nil
    postgres = nil
    hub = LiveEventHub { [store, zones, clock, instances = directory.calendarInstances] in
      let zone = try zones.current()
      let now = clock.now()
      let state = try CalendarPlanning.liveState(store: store, timeZone: zone, now: now, instances: instances)
      return LiveSnapshot(state: state, now: now).json(
        texts: PageTexts(language: state.language), zone: zone)
    }
  }

  /// A server for the many users of a PostgreSQL database: each request acts for its bearer
  /// token's user (pages for the user logged in), with the same API and pages as for one person.
  /// The live events go to each user's open pages from a hub of their own (`LiveHubs`).
  public init(postgres: PostgresStore, clock: any HeraldClock, configuration: ServerConfiguration) {
    self.configuration = configuration
    directory = PostgresDirectory(store: postgres, clock: clock)
    self.postgres = postgres
    store = nil
    self.clock = clock
    pagesNeedLogin = true
    // Never used: every stream and change goes to the user's own hub in `hubs`.
    hub = LiveEventHub(finished: true) { throw ManyUsersLiveError() }
    hubs = LiveHubs(clock: clock)
  }

  /// Every route, with its middleware: the host check and security headers on all; the bearer
  /// token, the bounded and strictly read body, and JSON errors on the API; with `allowRemote`,
  /// the login on the pages.
  public func router() throws -> Router<BasicRequestContext> {
    let router = Router()
    // Requests by route, method and status, and their durations (`--metrics-port`; without it the
    // metrics system drops them).
    router.add(middleware: MetricsMiddleware())
    router.add(
      middleware: HostCheckMiddleware(host: configuration.host, allowRemote: configuration.allowRemote))
    router.add(middleware: SecurityHeadersMiddleware())
    router.add(middleware: DatabaseOutageMiddleware())
    router.add(middleware: ErrorPageMiddleware(directory: directory, requiresLogin: pagesNeedLogin))
    StaticFiles.register(on: router)
    let changes = ChangeSignal(hub: hub, hubs: hubs)
    // A notification's links: before any login, the signed link being the authorization.
    PushActionRoutes(directory: directory, clock: clock, changes: changes).register(on: router)
    let handler = APIHandler(clock: clock, changes: changes, pushServices: configuration.pushServices)
    let prefix = "api/v1"
    let api = router.group(RouterPath(prefix))
      .add(middleware: APIErrorMiddleware())
      .add(middleware: BearerTokenMiddleware(directory: directory))
      .add(middleware: RequestBodyMiddleware())
      .add(middleware: PlanDocumentMiddleware(handler: handler, under: prefix))
    let operations = MethodNotAllowedRoutes(registeringOn: api)
    try handler.registerHandlers(on: operations)
    operations.registerMethodNotAllowed(on: api, prefix: "/\(prefix)")
    DeliveryStream.register(on: api, bell: deliveryBell)
    let pages = PageRoutes(
      directory: directory, clock: clock, hub: hub, hubs: hubs, changes: changes,
      requiresLogin: pagesNeedLogin)
    let devices = DeviceRoutes(
      pages: pages, pushServices: configuration.pushServices, testPush: configuration.testPush)
    if pagesNeedLogin {
      // Reachable from other machines: the pages need a login; the API keeps its bearer token.
      let sessions = LoginSessions(clock: clock)
      LoginRoutes(sessions: sessions, directory: directory).register(on: router)
      let loggedIn = router.group().add(middleware: LoginMiddleware(sessions: sessions, directory: directory))
      pages.register(on: loggedIn)
      devices.register(on: loggedIn)
    } else {
      pages.register(on: router)
      devices.register(on: router)
    }
    return router
  }

  /// The application, with the live view kept current beside it. `onServerRunning` is told the
  /// port it listens on (the one asked for, or the one the system picked for port 0).
  public func application(
    logger: Logger, onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
  ) throws -> some ApplicationProtocol {
    var services: [any Service] = []
    if let store { services.append(LiveRefreshService(hub: hub, store: store)) }
    if let hubs { services.append(LiveHubsService(hubs: hubs)) }
    if let postgres {
      // The workers' announcements of new deliveries ring their users' streams; after a loss,
      // every stream reads once, in case an announcement came meanwhile.
      services.append(
        ListeningService(
          what: "deliveries", logger: logger,
          listen: { [deliveryBell] in
            try await postgres.listenForDeliveries { users in Task { await deliveryBell.ring(users) } }
          },
          afterLoss: { [deliveryBell] in await deliveryBell.ringAll() }))
      // The tokens' users kept while changes of them are heard (`TokenCache`); `keepTokensCurrent`
      // stops using them itself when the connection is lost.
      services.append(
        ListeningService(
          what: "changes of tokens", logger: logger, listen: { try await postgres.keepTokensCurrent() }))
    }
    // Many users' requests are served on their connections' event loops (`LoopBoundHTTP1Channel`).
    let server: HTTPServerBuilder =
      postgres == nil
      ? .http1()
      : HTTPServerBuilder { responder in LoopBoundHTTP1Channel(base: HTTP1Channel(responder: responder)) }
    return Application(
      router: try router(),
      server: server,
      configuration: .init(
        address: .hostname(configuration.host, port: configuration.port), serverName: "Herald"),
      services: services,
      onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? 0) },
      logger: logger)
  }
}

/// The single hub of a server for many users is never asked (each user has their own).
struct ManyUsersLiveError: Error {}

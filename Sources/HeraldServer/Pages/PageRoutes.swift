import Foundation
import HeraldCalendars
import HeraldContracts
import HeraldCore
import HeraldInterchange
import HeraldRuntime
import HeraldSQLite
import Hummingbird

/// The web pages: Today, Settings, Live (with its event stream) and Route (with its map). Reads and writes go to
/// the same store as the command line and the daemon; a post must carry the form token.
struct PageRoutes: Sendable {
  let directory: any AccountDirectory
  let clock: any HeraldClock
  let hub: LiveEventHub
  /// With many users, each user's live events come from their own hub.
  var hubs: LiveHubs? = nil
  let changes: ChangeSignal
  /// With `--allow-remote`: every page acts for the logged-in account, never the loopback one.
  var requiresLogin = false

  func register(on router: some RouterMethods<some RequestContext>) {
    router.get("/") { _, _ in PageResponse.redirect(to: "/today") }
    router.get("/today") { request, _ in try await today(request) }
    router.post("/today/blocks") { request, context in
      try await post(request, context) { fields, account in try await createBlock(fields, account) }
    }
    router.post("/today/blocks/:id/edit") { request, context in
      let id = try Self.id(context)
      return try await post(request, context) { fields, account in try await editBlock(id, fields, account) }
    }
    router.post("/today/tasks") { request, context in
      try await post(request, context) { fields, account in try await createTask(fields, account) }
    }
    // The live view's "Erledigt" comes back to the live view (`?back=live`).
    router.post("/today/tasks/:id/complete") { request, context in
      let id = try Self.id(context)
      let back = request.uri.queryParameters["back"] == "live" ? "/live" : "/today"
      return try await post(request, context, back: back) { _, account in
        _ = try await account.store.completeTask(id: id)
      }
    }
    registerDay(on: router)
    registerHistory(on: router)
    router.get("/settings") { request, _ in try await settings(request, message: nil) }
    router.post("/settings") { request, context in
      try await post(request, context, back: "/settings?saved=1") { fields, account in
        let store = account.store
        let form = try SettingsForm(fields: fields).read(currentMovement: try await store.movementSchedule())
        try await store.setSettings(form.settings, language: form.language)
        try await store.setMovementSchedule(form.movement)
      }
    }
    router.post("/settings/calendars") { request, context in
      try await post(request, context, back: "/settings?saved=1#calendars") { fields, account in
        guard let store = account.calendars else { throw Self.noCalendars }
        _ = try await CalendarFollowing.add(
          source: fields.trimmed("source") ?? "", name: fields.trimmed("name"),
          username: fields.trimmed("username"), passwordFile: fields.trimmed("passwordFile"), store: store,
          now: clock.now(), timeZone: try account.timeZone(), fields: .init(source: "source", name: "name"))
      }
    }
    router.post("/settings/calendars/:id/remove") { request, context in
      let id = try Self.id(context)
      return try await post(request, context, back: "/settings?saved=1#calendars") { _, account in
        guard let store = account.calendars else { throw Self.noCalendars }
        try store.removeCalendar(id)
      }
    }
    router.post("/settings/template") { request, context in
      try await post(request, context, back: "/settings?saved=1") { fields, account in
        guard let name = fields["template"], let template = ScheduleTemplate(rawValue: name) else {
          throw FieldError("template", "unknown template \"\(fields["template"] ?? "")\"")
        }
        try await account.store.setMovementSchedule(template.schedule)
      }
    }
    router.get("/live") { request, _ in try await live(request) }
    router.get("/live/events") { request, _ in
      let hub = try await liveHub()
      return ServerSentEvents.response(await hub.subscribe(after: request.headers[.lastEventID]), hub: hub)
    }
    router.get("/route") { request, _ in try await routePage(request) }
    router.get("/route/map.svg") { _, _ in try await routeMap() }
    router.post("/route/start") { request, context in
      try await post(request, context, back: "/route") { fields, account in
        guard let id = fields.trimmed("route") else { throw FieldError("route", "required") }
        guard try await account.store.route(id: id) != nil else {
          throw FieldError("route \(id)", "no such route")
        }
        try await account.store.startWalk(routeID: id, at: clock.now(), restart: false)
      }
    }
    router.post("/route/stop") { request, context in
      try await post(request, context, back: "/route") { _, account in
        _ = try await account.store.stopWalk()
      }
    }
  }

  // MARK: Pages

  /// The hub whose events the request's page shows: the one person's, or the user's own.
  private func liveHub() async throws -> LiveEventHub {
    guard let hubs else { return hub }
    return try await hubs.hub(for: try await account())
  }

  /// The account the page acts for: the logged-in one, or (on loopback) the one person's.
  func account() async throws -> Account {
    if let account = Account.current { return account }
    guard !requiresLogin, let account = try await directory.pageAccount() else {
      throw HTTPError(.unauthorized, message: "log in first")
    }
    return account
  }

  func today(_ request: Request, message: HTML? = nil, status: HTTPResponse.Status = .ok) async throws
    -> Response
  {
    let account = try await account()
    let token = FormToken.token(of: request)
    let now = clock.now()
    let (state, calendars) = try await account.plan(at: now)
    let texts = PageTexts(language: state.language)
    let page = TodayPage(
      texts: texts, state: state, now: now, formToken: token.token, calendars: calendars)
    return PageResponse.html(page.render(message: message), status: status, formToken: token)
  }

  private func settings(_ request: Request, message: HTML?, status: HTTPResponse.Status = .ok) async throws
    -> Response
  {
    let account = try await account()
    let token = FormToken.token(of: request)
    let store = account.store
    let texts = PageTexts(language: try await store.language())
    let saved =
      request.uri.queryParameters["saved"] != nil ? PageLayout.notice(texts.saved, isError: false) : nil
    let zone = try account.timeZone()
    let leftOut =
      try account.calendars.map { calendars in
        try CalendarPlanning.planningState(
          store: calendars, timeZone: zone, now: clock.now(), instances: account.calendarInstances
        ).problems
      } ?? []
    let page = SettingsPage(
      texts: texts, settings: try await store.settings(), movement: try await store.movementSchedule(),
      formToken: token.token, calendars: try account.calendars?.calendars(),
      calendarsLeftOut: Dictionary(
        leftOut.map { ($0.calendarID, $0.message) }, uniquingKeysWith: { first, _ in first }), zone: zone)
    return PageResponse.html(page.render(message: message ?? saved), status: status, formToken: token)
  }

  private func live(_ request: Request) async throws -> Response {
    let account = try await account()
    let zone = try account.timeZone()
    let now = clock.now()
    let state = try await account.planningState(at: now)
    let token = FormToken.token(of: request)
    let page = LivePage(
      texts: PageTexts(language: state.language), snapshot: LiveSnapshot(state: state, now: now), zone: zone,
      now: now, formToken: token.token)
    return PageResponse.html(page.render(), formToken: token)
  }

  private func routePage(_ request: Request, message: HTML? = nil, status: HTTPResponse.Status = .ok)
    async throws -> Response
  {
    let account = try await account()
    let token = FormToken.token(of: request)
    let store = account.store
    let page = RoutePage(
      texts: PageTexts(language: try await store.language()), routes: try await store.routes(),
      walk: try await store.activeWalk(),
      poiNotificationsEnabled: try await store.settings().poiNotificationsEnabled, formToken: token.token)
    return PageResponse.html(page.render(message: message), status: status, formToken: token)
  }

  /// The active route's map, drawn afresh: an image of its own, so the page needs nothing inline
  /// and the names in it are escaped for SVG by the one renderer the desktop uses too.
  private func routeMap() async throws -> Response {
    let store = try await account().store
    guard let walk = try await store.activeWalk() else {
      throw HTTPError(.notFound, message: "no route is active")
    }
    // Only the SQLite store has walks (a server for many users refuses them).
    guard let local = store as? SQLiteStore else { throw HTTPError(.notFound, message: "no route is active") }
    let svg = try MapOpener.svg(routeID: walk.routeID, store: local)
    return Response(
      status: .ok, headers: [.contentType: "image/svg+xml; charset=utf-8", .cacheControl: "no-store"],
      body: .init(byteBuffer: ByteBuffer(string: svg)))
  }

  // MARK: Posts

  /// Checks the origin and the form token, runs `change`, tells the live view, and goes back; a
  /// refused value shows the page again with the field and the problem, having changed nothing.
  func post(
    _ request: Request, _ context: some RequestContext, back: String = "/today",
    _ change: (FormFields, Account) async throws -> Void
  ) async throws -> Response {
    // Where it came from first: a forged post is refused before its body is read.
    if let refusal = FormOrigin.refusal(of: request) { return PageResponse.refused(refusal) }
    let body = try await request.body.collect(upTo: 1 << 20)
    let fields = FormFields(String(buffer: body))
    guard FormToken.accepts(request, fields: fields) else {
      return PageResponse.formRefused
    }
    let account = try await account()
    do {
      try await change(fields, account)
    } catch let error as FieldError {
      return try await failed(back, request, error)
    } catch let error as RecordError {
      return try await failed(back, request, error)
    }
    await changes.signal()
    return PageResponse.redirect(to: back)
  }

  private func failed(_ back: String, _ request: Request, _ error: any Error) async throws -> Response {
    let account = try await account()
    let texts = PageTexts(language: try await account.store.language())
    let message = PageLayout.notice("\(texts.notSaved) \(texts.problem(error))", isError: true)
    if back.hasPrefix("/settings") {
      return try await settings(request, message: message, status: .unprocessableContent)
    }
    if back.hasPrefix("/history") {
      return try await historyPage(request, message: message, status: .unprocessableContent)
    }
    if back.hasPrefix("/route") {
      return try await routePage(request, message: message, status: .unprocessableContent)
    }
    return try await today(request, message: message, status: .unprocessableContent)
  }

  func instant(_ fields: FormFields, _ name: String, _ account: Account) throws(FieldError) -> Date? {
    guard let text = fields.trimmed(name) else { return nil }
    return try LocalInstant.parse(
      text, zone: try account.timeZone(), field: name)
  }

  private func createBlock(_ fields: FormFields, _ account: Account) async throws {
    guard let start = try instant(fields, "start", account) else { throw FieldError("start", "required") }
    guard let end = try instant(fields, "end", account) else { throw FieldError("end", "required") }
    try await account.store.addFocusBlock(
      id: nil, title: fields["title"] ?? "", start: start, end: end, taskIDs: [])
  }

  private func editBlock(_ id: String, _ fields: FormFields, _ account: Account) async throws {
    let start = try instant(fields, "start", account)
    let end = try instant(fields, "end", account)
    try await account.updateFocusBlock(id: id, at: clock.now()) { block in
      if let title = fields["title"] { block.title = title }
      if let start { block.start = start }
      if let end { block.end = end }
    }
  }

  private func createTask(_ fields: FormFields, _ account: Account) async throws {
    let due = try instant(fields, "due", account)
    _ = try await account.store.addTask(id: nil, title: fields["title"] ?? "", due: due, completed: false)
  }
}

extension PageRoutes {
  /// The `:id` of a page's path, whose forms percent-encode it (`TodayPage.segment`).
  static func id(_ context: some RequestContext) throws -> String {
    let raw = try context.parameters.require("id")
    return raw.removingPercentEncoding ?? raw
  }

  /// A server for many users follows no calendars (yet): its pages offer none to add or remove.
  static let noCalendars = RecordError(
    .conflict, subject: "calendars", problem: "this server follows no calendars for its users")
}

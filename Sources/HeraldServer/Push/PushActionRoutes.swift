import Foundation
import HeraldContracts
import HeraldCore
import HeraldPostgres
import HeraldPush
import HeraldRuntime
import HeraldSQLite
import Hummingbird

/// The links of a pushed notification (`contracts/push.md`, "Actions from the notification"):
/// `GET /push/actions/TOKEN` shows a page with one button, `POST` to the same address does what
/// the link says. Registered before any login: a phone's lock screen has no session, and the
/// signed token is the whole authorization (it names one action on one reminder, until 24 hours
/// after its time). So no form token either: a post needs the token in the address, which only
/// the notification's owner has, and the page's own form posts to that same address.
struct PushActionRoutes: Sendable {
  let directory: any AccountDirectory
  let clock: any HeraldClock
  let changes: ChangeSignal
  /// One press at a time in this server: two copies of a press arriving together find the
  /// answer given by the first.
  let gate = PushActionGate()

  func register(on router: some RouterMethods<some RequestContext>) {
    router.get("/push/actions/:token") { _, context in
      try await answer(context, performing: false)
    }
    router.post("/push/actions/:token") { _, context in
      try await answer(context, performing: true)
    }
  }

  private func answer(_ context: some RequestContext, performing: Bool) async throws -> Response {
    let secret = try LinkSecret(text: try await directory.pushLinkSecret { LinkSecret().text })
    let token = try context.parameters.require("token")
    let verified = ActionLink.verify(token, secret: secret, now: clock.now())
    switch verified {
    case .valid(let link):
      if case .user(let name) = link.scope { return try await answerUser(name, link, performing: performing) }
    case .expired(let link):
      if case .user = link.scope {
        return PushActionPage(texts: PageTexts(language: .de)).render(.expired, status: .gone)
      }
    case .invalid: break
    }
    guard let account = try await directory.pageAccount(), let store = account.store as? SQLiteStore else {
      // A server for many users: a link of no user of theirs.
      return PushActionPage(texts: PageTexts(language: .de)).render(.refused, status: .forbidden)
    }
    let texts = PageTexts(language: try store.language())
    let link: ActionLink
    switch verified {
    case .valid(let valid) where valid.scope == .store: link = valid
    case .valid, .invalid:
      return PushActionPage(texts: texts).render(.refused, status: .forbidden)
    case .expired:
      return PushActionPage(texts: texts).render(.expired, status: .gone)
    }
    var page = PushActionPage(texts: texts, link: link)
    // The link keeps the reminder's time as its expiry less the validity, to the second.
    let fireDate = link.expiry.addingTimeInterval(-ActionLink.validity)
    switch link.action {
    // Looked at, not done: the reminder's page (a place's: its route's map).
    case .open:
      if case .map? = try store.awaitedAnswer(requestID: link.requestID, firedAt: fireDate) {
        return PageResponse.redirect(to: "/route")
      }
      return PageResponse.redirect(to: "/today")
    case .map: return PageResponse.redirect(to: "/route")
    case .done, .snooze:
      guard performing else {
        page.subject = try subject(of: link.requestID, firedAt: fireDate, store: store, texts: texts)
        return page.render(.ask)
      }
      let action: NotificationAction = link.action == .done ? .done : .snooze
      let outcome = try await gate.perform(
        action, requestID: link.requestID, firedAt: fireDate, store: store, at: clock.now(),
        timeZone: try account.timeZone())
      if outcome == .performed { await changes.signal() }
      return page.render(outcome == .performed ? .performed : .settled)
    }
  }

  /// A link of a user of a PostgreSQL server: a due task's "done" completes it (twice is once); a
  /// movement break's "done" or "snooze" answers it as the desktop's buttons do for one person
  /// (`PostgresStore.answerMovement`: the log counts it, the chain is planned again).
  private func answerUser(_ name: String, _ link: ActionLink, performing: Bool) async throws -> Response {
    guard let account = try await directory.account(forTokenNamed: name) else {
      return PushActionPage(texts: PageTexts(language: .de)).render(.refused, status: .forbidden)
    }
    let store = account.store
    let texts = PageTexts(language: try await store.language())
    var page = PushActionPage(texts: texts, link: link)
    let taskID = Planner.kinds.lazy.compactMap { $0.taskID(inIdentifier: link.requestID) }.first
    switch link.action {
    case .open, .map: return PageResponse.redirect(to: "/today")
    case .done, .snooze:
      if taskID == nil, let data = store as? PostgresUserData {
        page.subject = texts.pushActionMovement
        guard performing else { return page.render(.ask) }
        let action: NotificationAction = link.action == .done ? .done : .snooze
        let answered = try await data.answerMovement(
          action, requestID: link.requestID, firedAt: link.expiry.addingTimeInterval(-ActionLink.validity))
        return page.render(answered ? .performed : .settled)
      }
      guard let taskID, link.action == .done,
        let task = try await store.tasks().first(where: { $0.id == taskID })
      else { return page.render(.settled) }
      page.subject = task.title
      guard performing else { return page.render(.ask) }
      guard !task.completed else { return page.render(.settled) }
      try await store.completeTask(id: taskID)
      return page.render(.performed)
    }
  }

  /// What the page names as the reminder answered: a task's title, or the movement break.
  private func subject(of requestID: String, firedAt fireDate: Date, store: SQLiteStore, texts: PageTexts)
    throws
    -> String?
  {
    if let id = Planner.kinds.lazy.compactMap({ $0.taskID(inIdentifier: requestID) }).first {
      return try store.tasks().first { $0.id == id }?.title
    }
    if case .movementBreak? = try store.awaitedAnswer(requestID: requestID, firedAt: fireDate) {
      return texts.pushActionMovement
    }
    return nil
  }
}

/// Runs the presses of this server one after another.
actor PushActionGate {
  func perform(
    _ action: NotificationAction, requestID: String, firedAt fireDate: Date, store: SQLiteStore, at now: Date,
    timeZone: Zone
  ) throws -> ReminderActions.LinkedOutcome {
    try ReminderActions.performLinked(
      action, requestID: requestID, firedAt: fireDate, store: store, at: now, timeZone: timeZone)
  }
}

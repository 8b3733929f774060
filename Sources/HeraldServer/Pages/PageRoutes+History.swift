import Foundation
import HeraldContracts
import HeraldCore
import HeraldInterchange
import HeraldRuntime
import HeraldSQLite
import Hummingbird

/// The History page and its buttons: a button does what the notification's own button does
/// (`ReminderActions.perform`, the one home of that rule), for a reminder that still waits.
extension PageRoutes {
  func registerHistory(on router: some RouterMethods<some RequestContext>) {
    router.get("/history") { request, _ in try await historyPage(request) }
    router.post("/history/answer") { request, context in
      try await post(request, context, back: "/history") { fields, account in
        try await answer(fields, account)
      }
    }
  }

  func historyPage(_ request: Request, message: HTML? = nil, status: HTTPResponse.Status = .ok) async throws
    -> Response
  {
    let account = try await account()
    let token = FormToken.token(of: request)
    let now = clock.now()
    let state = try await account.planningState(at: now)
    // Only one person's SQLite store keeps a delivery log with its answers.
    let history = try (account.store as? SQLiteStore).map {
      try DeliveryHistory(store: $0, state: state, now: now)
    }
    let page = HistoryPage(
      texts: PageTexts(language: state.language), history: history, zone: state.timeZone,
      formToken: token.token)
    return PageResponse.html(page.render(message: message), status: status, formToken: token)
  }

  private func answer(_ fields: FormFields, _ account: Account) async throws {
    guard let store = account.store as? SQLiteStore else {
      throw RecordError(.conflict, subject: "history", problem: "this server keeps no history for its users")
    }
    guard let requestID = fields.trimmed("request") else { throw FieldError("request", "required") }
    guard let fireDate = fields.trimmed("fireDate").flatMap({ RFC3339.parse($0) }) else {
      throw FieldError("fireDate", "expected an RFC 3339 instant")
    }
    guard let action = fields["action"].flatMap(NotificationAction.init(rawValue:)) else {
      throw FieldError("action", "expected done or snooze")
    }
    let now = clock.now()
    let state = try await account.planningState(at: now)
    guard
      let awaiting = try DeliveryHistory.awaiting(
        requestID: requestID, fireDate: fireDate, action: action, store: store, state: state, now: now)
    else {
      throw RecordError(.conflict, subject: "reminder \(requestID)", problem: "no longer waits for an answer")
    }
    try ReminderActions.perform(action, answering: awaiting, store: store, at: now, timeZone: state.timeZone)
  }
}

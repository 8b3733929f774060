import Foundation
import HeraldInterchange
import HeraldPostgres
import HeraldPostgresConnections
import HeraldTestSupport

/// Changes users' focus blocks through a running `herald serve --postgres` over its HTTP API, each
/// request with its user's own token, while the soak test's reminders fall due: it deletes blocks
/// whose reminders have not fired yet and adds blocks whose start reminders fall inside the run.
///
/// What it expects follows spec 000 alone, not Herald's planner: a block's start reminder
/// `focus-block-start-{block id}` is due 5 minutes before its start, or at its start when less than
/// 5 minutes remain when it is planned. The server plans at some instant between sending a request
/// and its answer, so a change answered before the instant it concerns is certain; one answered
/// later (only on a machine slower than any we run on) is counted as uncertain and left out.
struct FocusBlockChurn: Sendable {
  /// The server's port.
  let port: Int

  /// What the changes did to the reminders, by `webhook-id` (user, request id, fire instant).
  struct Outcome: Sendable {
    /// Reminders of the added blocks, with their instants.
    var added: [String: Date] = [:]
    /// When each addition (by user index) was sent and answered: the server planned the user's
    /// other blocks again at an instant between the two.
    var additionTimes: [Int: ClosedRange<Date>] = [:]
    /// Reminders of the deleted blocks: they never arrive.
    var deleted: Set<String> = []
    /// Reminders whose change was answered only at or after their instant: either way is right.
    var uncertain: Set<String> = []
    /// Deletions left undone because their reminder was less than 3 s away.
    var skipped = 0
    /// Answers the API document does not allow.
    var problems: [String] = []
  }

  /// A block to delete: its user (index, token) and the instant of its reminder.
  struct Deletion: Sendable {
    var user: Int
    var token: String
    var block: String
    var fire: Date
  }

  /// Starts `herald serve --postgres URL` on a free port and waits until it answers (up to two
  /// minutes: a loaded machine starts a process slowly).
  static func serve(_ url: PostgresURL) async throws -> (StreamingProcess, FocusBlockChurn) {
    let port = Int(try TCPTestServer.freePort())
    let server = try StreamingProcess(
      ["serve", "--postgres", PostgresServeProcessTests.text(url), "--port", String(port)])
    let churn = FocusBlockChurn(port: port)
    let deadline = Date().addingTimeInterval(120)
    while Date() < deadline {
      // Any answer will do (401 without a token): the server is up.
      if (try? await churn.call(nil, "GET", "/api/v1/focus-blocks")) != nil { return (server, churn) }
      try await Task.sleep(for: .milliseconds(100))
    }
    let log = server.standardError.suffix(5).map(\.text)
    server.kill()
    throw PostgresTestError("herald serve --postgres did not answer on \(port) within 2 minutes: \(log)")
  }

  /// From `start` on, in pairs at most every `pace` seconds: deletes the next of `deletions` (in
  /// the order given) and adds a block to the next of `additions` (user index, token) — to every
  /// other one a block starting 5 minutes after an instant ~8 s ahead (reminded at that instant),
  /// to the rest one starting ~8 s ahead (reminded at its start).
  func run(deletions: [Deletion], additions: [(user: Int, token: String)], from start: Date, pace: Double)
    async throws -> Outcome
  {
    try await Task.sleep(for: .seconds(max(0, start.timeIntervalSinceNow)))
    var outcome = Outcome()
    for index in 0..<max(deletions.count, additions.count) {
      let paced = start.addingTimeInterval(Double(index) * pace)
      if paced > Date() { try await Task.sleep(for: .seconds(paced.timeIntervalSinceNow)) }
      if index < deletions.count { try await delete(deletions[index], into: &outcome) }
      if index < additions.count {
        try await add(
          user: additions[index].user, token: additions[index].token, early: index % 2 == 0, into: &outcome)
      }
    }
    return outcome
  }

  private func delete(_ deletion: Deletion, into outcome: inout Outcome) async throws {
    guard deletion.fire.timeIntervalSinceNow >= 3 else {
      outcome.skipped += 1
      return
    }
    let id = Self.webhookID(user: deletion.user, block: deletion.block, fire: deletion.fire)
    let answer = try await call(deletion.token, "DELETE", "/api/v1/focus-blocks/\(deletion.block)")
    guard answer.status == 204 else {
      outcome.problems.append(
        "DELETE \(deletion.block) of user-\(deletion.user): \(answer.status) \(answer.body)")
      return
    }
    if Date() < deletion.fire { outcome.deleted.insert(id) } else { outcome.uncertain.insert(id) }
  }

  /// Adds block `x{user}`: with `early`, starting 5 minutes after `fire` (so its reminder is 5
  /// minutes before the start); otherwise starting at `fire`, less than 5 minutes ahead (so its
  /// reminder is at the start). `fire` is a whole second ~8 s ahead, inside the run.
  private func add(user: Int, token: String, early: Bool, into outcome: inout Outcome) async throws {
    let fire = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 + 8).rounded(.up))
    let start = early ? fire.addingTimeInterval(300) : fire
    let block = "x\(user)"
    let body = """
      {"id": "\(block)", "title": "Added \(user)", "start": "\(RFC3339.string(start, offsetSeconds: 3600))", \
      "end": "\(RFC3339.utcString(start.addingTimeInterval(1800)))"}
      """
    let sent = Date()
    let answer = try await call(token, "POST", "/api/v1/focus-blocks", body)
    outcome.additionTimes[user] = sent...Date()
    let id = Self.webhookID(user: user, block: block, fire: fire)
    guard answer.status == 201 else {
      outcome.problems.append("POST \(block) of user-\(user): \(answer.status) \(answer.body)")
      return
    }
    if Date() < fire { outcome.added[id] = fire } else { outcome.uncertain.insert(id) }
  }

  /// The `webhook-id` of a block's start reminder (server.md: it names the user, the request id and
  /// the fire instant).
  static func webhookID(user: Int, block: String, fire: Date) -> String {
    "user-\(user):focus-block-start-\(block):\(RFC3339.utcStringWithMilliseconds(fire))"
  }

  private func call(_ token: String?, _ method: String, _ path: String, _ body: String? = nil) async throws
    -> RawHTTPClient.Response
  {
    var headers = [("Host", "127.0.0.1:\(port)"), ("Content-Type", "application/json")]
    if let token { headers.append(("Authorization", "Bearer \(token)")) }
    return try await RawHTTPClient.request(port: port, method, path, headers: headers, body: body)
  }
}

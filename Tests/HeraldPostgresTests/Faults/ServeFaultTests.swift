import Foundation
import HeraldCore
import HeraldPostgres
import HeraldTestSupport
import Testing

/// `herald serve` for many users while its database is down for 90 s: a client adds a task every
/// 200 ms throughout. While the database is away every request is answered within 5 s — 503 with
/// `Retry-After`, and a page (a login meanwhile) that says so — and afterwards every task that was answered 201 is stored;
/// the server answers 201 again within seconds of the database's return and ends on SIGTERM.
@Suite(
  .enabled(
    if: ProcessInfo.processInfo.environment["HERALD_FAULT_TESTS"] == "1",
    "fault tests: set HERALD_FAULT_TESTS=1 and run them alone (swift test --filter FaultTests)"))
struct ServeFaultTests {
  @Test(.timeLimit(.minutes(5)))
  func serveTakesWritesAcrossANinetySecondOutage() async throws {
    let postgres = try OwnPostgres()
    defer { postgres.remove() }
    let token = try await PostgresStore.withStore(postgres.url, logger: TestDatabase.logger) { store in
      try await store.addUser(name: "ada", timeZone: .utc, language: .en, webhook: nil, at: Date())
    }
    let (server, churn) = try await FocusBlockChurn.serve(postgres.url)
    defer { server.kill() }
    let port = churn.port
    let headers = [
      ("Host", "127.0.0.1:\(port)"), ("Content-Type", "application/json"),
      ("Authorization", "Bearer \(token)"),
    ]

    var accepted: [String] = []
    var answers: [(at: Date, status: Int, seconds: Double, retryAfter: String?)] = []
    var crashed: Date?
    var loginPage: RawHTTPClient.Response?
    var back: Date?
    let begin = Date()
    var index = 0
    // Until 10 s after the server is back.
    while back.map({ Date().timeIntervalSince($0) < 10 }) ?? true {
      let elapsed = Date().timeIntervalSince(begin)
      if crashed == nil, elapsed >= 5 {
        try postgres.crash()
        crashed = Date()
      }
      if let crashed, back == nil, Date().timeIntervalSince(crashed) >= 90 {
        try postgres.start()
        back = Date()
      }
      if let crashed, back == nil, loginPage == nil, Date().timeIntervalSince(crashed) >= 3 {
        // A person logging in meanwhile: the page needs the database, and says it is away.
        let form = String(repeating: "f", count: 40)
        loginPage = try? await RawHTTPClient.request(
          port: port, "POST", "/login",
          headers: [
            ("Host", "127.0.0.1:\(port)"), ("Content-Type", "application/x-www-form-urlencoded"),
            ("Cookie", "herald_form=\(form)"),
          ], body: "_form=\(form)&token=\(token)")
      }
      index += 1
      let id = "t\(index)"
      let sent = Date()
      let response = try? await RawHTTPClient.request(
        port: port, "POST", "/api/v1/tasks", headers: headers,
        body: #"{"id": "\#(id)", "title": "Task \#(index) <&>"}"#)
      let status = response?.status ?? 0
      answers.append((sent, status, Date().timeIntervalSince(sent), response?.header("Retry-After")))
      if status == 201 { accepted.append(id) }
      try await Task.sleep(for: .milliseconds(200))
    }

    guard let crashed, let back else { throw PostgresTestError("the outage did not happen") }
    let during = answers.filter { $0.at > crashed.addingTimeInterval(1) && $0.at < back }
    #expect(!during.isEmpty)
    #expect(during.allSatisfy { $0.status == 503 && $0.retryAfter != nil }, "\(Set(during.map(\.status)))")
    let slowest = during.map(\.seconds).max() ?? 0
    #expect(slowest <= 5, "every answer during the outage within 5 s")
    #expect(loginPage?.status == 503 && loginPage?.header("Retry-After") == "5")
    #expect(
      loginPage?.body.contains("Herald is unavailable for a moment") == true, "\(loginPage?.body ?? "none")")
    let firstAgain = answers.first { $0.at > back && $0.status == 201 }
    #expect(firstAgain != nil)

    // Everything answered 201 is there, exactly as typed.
    let stored = try await RawHTTPClient.request(port: port, "GET", "/api/v1/tasks", headers: headers)
    #expect(stored.status == 200)
    let titles = try JSONDecoder().decode([[String: JSONAny]].self, from: Data(stored.body.utf8))
    let ids = Set(titles.compactMap { if case .string(let id)? = $0["id"] { id } else { nil } })
    #expect(Set(accepted).isSubset(of: ids), "\(Set(accepted).subtracting(ids).count) accepted tasks lost")
    #expect(await server.stop(within: 15) == 0, "herald serve ends on SIGTERM")
    print(
      """
      ServeFaultTests: database down 90 s; \(during.count) requests during it, all 503 with Retry-After, the \
      slowest answered in \(String(format: "%.2f", slowest)) s; first 201 \
      \(String(format: "%.2f", (firstAgain?.at.timeIntervalSince(back) ?? -1))) s after it was back; \
      \(accepted.count) tasks accepted, all stored
      """)
  }
}

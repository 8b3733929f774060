import Foundation
import HeraldCore
import HeraldInterchange
import HeraldPostgres
import HeraldTestSupport
import Testing

/// `--metrics-port` on real `herald worker` and `herald serve` processes, scraped over HTTP and read
/// by a Prometheus text parser that is not Herald's (Python's `prometheus_client`): what they did
/// is counted as it happened.
@Suite(.enabled(if: TestDatabase.enabled, TestDatabase.skipReason))
struct MetricsTests {
  @Test(.timeLimit(.minutes(3)))
  func theWorkerAndTheServerCountWhatTheyDid() async throws {
    try await TestDatabase.withDatabase { url in
      // The receiver fails the first webhook (a retry, 1 s later) and takes the rest.
      let receiver = try WebhookReceiver(secret: "whsec_AAAA", statuses: [500, 204])
      defer { receiver.stop() }
      let zone = Fixtures.zone("Europe/Berlin")
      let token = try await PostgresStore.withStore(url, logger: TestDatabase.logger) { store in
        try await store.addUser(
          name: "alice", timeZone: zone, language: .en, webhook: receiver.url, at: Date())
      }
      let environment = ["HERALD_POSTGRES_URL": PostgresServeProcessTests.text(url)]
      let (port, workerMetrics, serverMetrics) = (
        Int(try TCPTestServer.freePort()), Int(try TCPTestServer.freePort()),
        Int(try TCPTestServer.freePort())
      )
      let server = try StreamingProcess(
        ["serve", "--port", String(port), "--metrics-port", String(serverMetrics)], environment: environment)
      let worker = try StreamingProcess(
        ["worker", "--metrics-port", String(workerMetrics)],
        environment: environment)
      defer {
        server.kill()
        worker.kill()
      }
      try await DeliveryStreamTests.waitUntilAnswering(port: port, token: token)
      // Three blocks through the API, each replanning the user; their reminders are due 3 s on.
      let fire = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 + 3).rounded(.up))
      for number in 1...3 {
        let body = """
          {"id": "b\(number)", "title": "Block \(number)", "start": "\(RFC3339.utcString(fire + 300))", \
          "end": "\(RFC3339.utcString(fire + 3600))"}
          """
        let answer = try await RawHTTPClient.api(
          port: port, token: token, "POST", "/api/v1/focus-blocks", body)
        #expect(answer.status == 201, "\(answer.body)")
      }
      // Four exchanges: the first fails, its retry and the other two are taken.
      // Waited for on a thread of its own: it blocks, and the pool has few threads.
      let received = try await RawHTTPClient.offThePool { receiver.requests(count: 4, within: 60).count }
      #expect(received == 4)

      let deadline = Date().addingTimeInterval(30)
      var samples: [String: Double] = [:]
      // The last outcome is recorded a moment after the receiver answers: read until it is.
      while Date() < deadline {
        samples = try await Self.scrape(port: workerMetrics)
        if samples[#"herald_deliveries_total{outcome="delivered"}"#] == 3 { break }
        try await Task.sleep(for: .milliseconds(200))
      }
      #expect(samples[#"herald_deliveries_total{outcome="delivered"}"#] == 3, "\(samples)")
      #expect(samples[#"herald_deliveries_total{outcome="retry"}"#] == 1, "\(samples)")
      #expect(samples[#"herald_deliveries_total{outcome="failed"}"#] == 0, "\(samples)")
      #expect(samples[#"herald_webhook_duration_seconds_count{result="2xx"}"#] == 3, "\(samples)")
      #expect(samples[#"herald_webhook_duration_seconds_count{result="5xx"}"#] == 1, "\(samples)")
      // Lateness: every shown one counted; none of them early, and the retried one ~1 s late.
      #expect(samples["herald_delivery_lateness_seconds_count"] == 3, "\(samples)")
      #expect((samples["herald_delivery_lateness_seconds_sum"] ?? -1) >= 0.5, "\(samples)")
      #expect(samples["herald_claims_taken_over_total"] == 0, "\(samples)")
      // The receiver's room, by its origin: its limit, nothing under way once all is answered,
      // and the latency of its answers.
      func destination(_ name: String) -> [Double] {
        samples.filter { $0.key.hasPrefix(name + "{destination=") }.map(\.value)
      }
      #expect(destination("herald_destination_limit").count == 1, "\(samples)")
      #expect(destination("herald_destination_in_flight") == [0], "\(samples)")
      #expect((destination("herald_destination_latency_seconds_count").first ?? 0) >= 3, "\(samples)")
      #expect(samples["herald_queue_due_rows"] != nil, "\(samples)")
      #expect(samples["herald_queue_oldest_due_age_seconds"] != nil, "\(samples)")

      let served = try await Self.scrape(port: serverMetrics)
      #expect((served["herald_replans_total"] ?? 0) >= 3, "\(served)")
      // The API's requests, by route (its template: bounded labels), method and status.
      let posts =
        #"{http_request_method="POST",http_response_status_code="201",http_route="/api/v1/focus-blocks"}"#
      #expect(served["hb_requests_total" + posts] == 3, "\(served)")
      #expect(served["http_server_request_duration_count" + posts] == 3, "\(served)")
      // The API's port does not show them.
      #expect(try await RawHTTPClient.api(port: port, token: token, "GET", "/metrics").status == 404)
    }
  }

  /// Scrapes `/metrics` and reads it with `prometheus_client`'s parser: each sample by its name
  /// and labels, as Prometheus would write them (`name{label="value"}`).
  static func scrape(port: Int) async throws -> [String: Double] {
    let answer = try await RawHTTPClient.request(
      port: port, "GET", "/metrics", headers: [("Host", "127.0.0.1:\(port)")])
    try #require(answer.status == 200)
    #expect(
      answer.headers.first { $0.name.lowercased() == "content-type" }?.value.hasPrefix(
        "text/plain; version=0.0.4")
        == true)
    // Debian's python3-prometheus-client (.ci/run installs it), read by Debian's Python.
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("herald-metrics-\(UUID()).txt")
    try Data(answer.body.utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let parsed = try await RawHTTPClient.offThePool {
      try Program.run("/usr/bin/python3", ["-c", Self.parser, file.path])
    }
    try #require(parsed.status == 0, "prometheus_client could not read it:\n\(answer.body)")
    return try JSONDecoder().decode([String: Double].self, from: Data(parsed.output.utf8))
  }

  /// Prints the samples of the exposition in the file named by its argument, as JSON.
  static let parser = """
    import json, sys
    from prometheus_client.parser import text_string_to_metric_families
    samples = {}
    for family in text_string_to_metric_families(open(sys.argv[1]).read()):
        for s in family.samples:
            labels = ','.join(f'{k}="{v}"' for k, v in sorted(s.labels.items()))
            samples[s.name + ('{' + labels + '}' if labels else '')] = s.value
    print(json.dumps(samples))
    """
}

import Foundation
import HTTPTypes
import HeraldInterchange
import HeraldSystem
import Hummingbird
import Logging

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The benchmark's webhook receiver: Hummingbird on loopback, answering 204 to every POST and
/// noting each `webhook-id` with when it arrived — cheap enough not to be what is measured.
final class WebhookSinkServer: @unchecked Sendable {
  private let lock = NSLock()
  private var arrivals: [(id: String, at: Date)] = []
  let port: Int
  let url: URL
  private var task: Task<Void, any Error>?

  init(port: Int) async throws {
    self.port = port
    guard let url = URL(string: "http://127.0.0.1:\(port)/hook") else { throw BenchmarkFailure("bad port") }
    self.url = url
    var logger = Logger(label: "benchmark-receiver")
    logger.logLevel = .error
    let router = Router()
    let idField = HTTPField.Name("webhook-id")
    router.post("hook") { [self] request, _ -> HTTPResponse.Status in
      let id = idField.flatMap { request.headers[$0] } ?? ""
      let now = Date()
      lock.withLock { arrivals.append((id, now)) }
      return .noContent
    }
    let app = Application(
      router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)), logger: logger)
    task = Task { try await app.runService() }
    // Ready when it answers.
    for _ in 0..<400 {
      if (try? await post()) == 204 { break }
      try await Task.sleep(for: .milliseconds(25))
    }
    reset()
  }

  var count: Int { lock.withLock { arrivals.count } }

  func reset() { lock.withLock { arrivals = [] } }

  /// The first and the last arrival since the last reset, nil before any.
  var span: (first: Date, last: Date)? {
    lock.withLock {
      guard let first = arrivals.first, let last = arrivals.last else { return nil }
      return (first.at, last.at)
    }
  }

  /// How late each first arrival was, sorted: arrival − the fire instant its `webhook-id` names.
  var lateness: [Double] {
    var first: [String: Date] = [:]
    for arrival in lock.withLock({ arrivals }) where first[arrival.id] == nil {
      first[arrival.id] = arrival.at
    }
    return first.compactMap { id, at in
      let parts = id.split(separator: ":", maxSplits: 2)
      guard parts.count == 3, let fire = RFC3339.parse(String(parts[2])) else { return nil }
      return at.timeIntervalSince(fire)
    }.sorted()
  }

  /// Waits until `count` deliveries arrived or `seconds` passed; returns the seconds it waited.
  func wait(for count: Int, within seconds: Double) async throws -> Double {
    let clock = ContinuousClock()
    let start = clock.now
    while self.count < count, start.duration(to: clock.now) < .seconds(seconds) {
      try await Task.sleep(for: .milliseconds(2))
    }
    return start.duration(to: clock.now).inSeconds
  }

  func stop() { task?.cancel() }

  private func post() async throws -> Int {
    var request = URLRequest(url: url)
    request.httpMethod = "POST"
    request.httpBody = Data()
    let (_, response) = try await URLSession.shared.data(for: request)
    return (response as? HTTPURLResponse)?.statusCode ?? 0
  }
}

struct BenchmarkFailure: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

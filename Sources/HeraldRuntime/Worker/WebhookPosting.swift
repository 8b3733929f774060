import Foundation
import HeraldSystem

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Sends one signed delivery; throws when the receiver did not answer 2xx in time.
public protocol WebhookPosting: Sendable {
  func post(_ body: Data, to url: URL, headers: [String: String], timeout: TimeInterval) async throws
}

/// POSTs with URLSession.
public struct URLSessionWebhookPoster: WebhookPosting {
  public init() {}

  public func post(_ body: Data, to url: URL, headers: [String: String], timeout: TimeInterval) async throws {
    var request = URLRequest(url: url)
    request.httpMethod = "POST"
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    request.httpBody = body
    request.timeoutInterval = timeout
    let tried = "POST to the webhook \(url)"
    let prepared = request
    let response: URLResponse
    do {
      // The whole exchange within `timeout`, whatever URLSession's own timers do with a
      // connection that is never accepted.
      response = try await withThrowingTaskGroup(of: URLResponse?.self) { group in
        group.addTask { try await URLSession.shared.data(for: prepared).1 }
        group.addTask {
          try await Task.sleep(for: .seconds(timeout))
          return nil
        }
        defer { group.cancelAll() }
        guard let first = try await group.next(), let response = first else {
          throw EnvironmentError(tried: tried, problem: "no answer within \(Int(timeout)) s")
        }
        return response
      }
    } catch let error as EnvironmentError {
      throw error
    } catch {
      throw EnvironmentError(tried: tried, problem: error.localizedDescription)
    }
    let status = (response as? HTTPURLResponse)?.statusCode ?? 0
    guard (200..<300).contains(status) else {
      throw EnvironmentError(tried: tried, problem: "answered HTTP \(status)")
    }
  }
}

import Foundation
import HeraldCore
import HeraldInterchange
import HeraldSystem

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// POSTs each delivery's JSON line to a URL; a non-2xx answer is a failed delivery.
public struct WebhookSink: DeliverySink {
  public let url: URL

  public init(url: URL) {
    self.url = url
  }

  public func deliver(_ delivery: Delivery) async throws {
    var request = URLRequest(url: url)
    request.httpMethod = "POST"
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.httpBody = Data(DeliveryLine.text(delivery).utf8)
    request.timeoutInterval = 10
    let tried = "POST to the webhook \(url)"
    let response: URLResponse
    do { (_, response) = try await URLSession.shared.data(for: request) } catch {
      throw EnvironmentError(
        tried: tried, problem: error.localizedDescription, remedy: "is the receiver running?")
    }
    let status = (response as? HTTPURLResponse)?.statusCode ?? 0
    guard (200..<300).contains(status) else {
      throw EnvironmentError(
        tried: tried, problem: "answered HTTP \(status)", remedy: "see the receiver's log")
    }
  }
}

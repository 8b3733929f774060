import Foundation
import HeraldCore

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
    request.httpBody = Data(delivery.line.text.utf8)
    request.timeoutInterval = 10
    let (_, response) = try await URLSession.shared.data(for: request)
    guard let http = response as? HTTPURLResponse, (200..<300).contains(http.statusCode) else {
      throw FieldError("webhook", "\(url) answered \((response as? HTTPURLResponse)?.statusCode ?? 0)")
    }
  }
}

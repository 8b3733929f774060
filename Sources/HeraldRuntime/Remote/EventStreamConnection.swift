import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One HTTP GET whose answer is read as it arrives (an event stream never ends by itself):
/// first the response, then the body's bytes, piece by piece. URLSession's data delegate, as
/// FoundationNetworking on Linux has no `bytes(for:)`.
final class EventStreamConnection: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  /// What arrives, in order.
  enum Piece: Sendable {
    case response(status: Int, contentType: String?)
    case bytes(Data)
  }

  let pieces: AsyncThrowingStream<Piece, any Error>
  private let continuation: AsyncThrowingStream<Piece, any Error>.Continuation
  private var session: URLSession?

  /// Opens the connection. `idleTimeout`: with no byte for this long (a server sends keepalives
  /// more often), the connection counts as lost.
  init(_ request: URLRequest, idleTimeout: TimeInterval) {
    (pieces, continuation) = AsyncThrowingStream.makeStream(of: Piece.self)
    super.init()
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = idleTimeout
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    let session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
    self.session = session
    session.dataTask(with: request).resume()
    continuation.onTermination = { [weak self] _ in self?.close() }
  }

  /// Ends the connection (a task reading `pieces` that is cancelled does this too).
  func close() {
    session?.invalidateAndCancel()
    session = nil
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
  ) {
    let http = response as? HTTPURLResponse
    continuation.yield(
      .response(status: http?.statusCode ?? 0, contentType: http?.value(forHTTPHeaderField: "Content-Type")))
    completionHandler(.allow)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    continuation.yield(.bytes(data))
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
    if let error { continuation.finish(throwing: error) } else { continuation.finish() }
    session.finishTasksAndInvalidate()
  }
}

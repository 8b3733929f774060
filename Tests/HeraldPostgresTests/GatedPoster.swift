import Foundation
import HeraldRuntime
import HeraldWebhooks
import HeraldWorker

/// A webhook poster that holds each POST until `open()`: a delivery kept in flight for as long as a
/// test needs (a fake of the HTTP layer, to test the worker above it).
final class GatedPoster: WebhookPosting, @unchecked Sendable {
  private let lock = NSLock()
  private var isOpen = false
  private var held: [CheckedContinuation<Void, Never>] = []
  private(set) var posted = 0

  func post(_ body: Data, to url: URL, headers: [String: String], timeout: TimeInterval) async throws {
    await withCheckedContinuation { continuation in
      let go: Bool = lock.withLock {
        posted += 1
        if !isOpen { held.append(continuation) }
        return isOpen
      }
      if go { continuation.resume() }
    }
  }

  /// How many POSTs have started.
  var started: Int { lock.withLock { posted } }

  /// Lets every held POST and every later one complete (2xx).
  func open() {
    let waiting = lock.withLock {
      isOpen = true
      defer { held = [] }
      return held
    }
    for continuation in waiting { continuation.resume() }
  }
}

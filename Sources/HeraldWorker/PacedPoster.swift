import Foundation
import HeraldWebhooks

/// A poster whose every request takes its room at the destination first (`DestinationGate`): what
/// the worker gives its pushes, so that a push service far away gets as many requests at once as
/// its answers allow — the same adaptive limit as a webhook receiver's — and one that is slow or
/// dead holds up only the requests waiting for it.
struct PacedPoster: WebhookPosting {
  let poster: any WebhookPosting
  let gate: DestinationGate

  func post(_ body: Data, to url: URL, headers: [String: String], timeout: TimeInterval) async throws {
    // Room is waited for as long as an exchange may take, and the exchange then gets all of its
    // time: a wait in this worker's own line is not the push service's slowness. (Counted in the
    // exchange, the wait behind thousands of pushes timed their requests out, which the limit
    // took for the service's overload and halved itself down to a few requests at once.)
    let deadline = ContinuousClock.now + .milliseconds(Int64((max(0, timeout) * 1000).rounded(.up)))
    let permit: DestinationGate.Permit
    do {
      permit = try await gate.acquire(DestinationGate.destination(of: url), until: deadline)
    } catch {
      throw WebhookFailure("\(error)")
    }
    do {
      try await poster.post(body, to: url, headers: headers, timeout: timeout)
      gate.release(permit, .answered(latency: DestinationGate.seconds(.now - permit.started)))
    } catch {
      gate.release(permit, DestinationLimit.Outcome(error, latency: .now - permit.started))
      throw error
    }
  }
}

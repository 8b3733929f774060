import Foundation
import Logging
import Metrics
import NIOCore
import Synchronization

/// The requests under way to each destination (a receiver's origin), each within its own
/// `DestinationLimit`. A request past the limit waits its turn, in the order they asked — each
/// user's lane asks for one request at a time, so users sharing a destination share it fairly and
/// one user's burst waits behind the others' — until its deadline, when its row goes back unsent.
/// Said once when a destination's limit falls for overload, and once when it is back.
final class DestinationGate: Sendable {
  /// A request's room at a destination: give it back with `release`.
  struct Permit: Sendable {
    let destination: String
    let started: ContinuousClock.Instant
  }

  /// No room came before the deadline.
  struct NoRoom: Error, CustomStringConvertible {
    var destination: String
    var description: String { "no room at \(destination) before the claim ends; given back unsent" }
  }

  private struct Waiter {
    let continuation: CheckedContinuation<ContinuousClock.Instant, any Error>
    let deadline: ContinuousClock.Instant
  }

  private struct Destination {
    var limit: DestinationLimit
    var waiters = CircularBuffer<Waiter>()
    let inFlight: Gauge
    let limitGauge: Gauge
    let latency: Metrics.Timer
  }

  private struct State {
    var destinations: [String: Destination] = [:]

    /// `body` on `destination`'s entry in place. A copy taken out of the dictionary and put
    /// back would share its line of waiters with the one left inside, so that each change copied
    /// the whole line: with thousands of pushes waiting for one push service, the worker spent
    /// most of its time copying it.
    mutating func withEntry<T>(
      _ destination: String, orMake make: () -> Destination, _ body: (inout Destination) -> T
    ) -> T {
      body(&destinations[destination, default: make()])
    }

    /// `body` on `destination`'s entry in place; nil when it has none.
    mutating func withEntry<T>(_ destination: String, _ body: (inout Destination) -> T) -> T? {
      guard let index = destinations.index(forKey: destination) else { return nil }
      return body(&destinations.values[index])
    }
  }

  private let state = Mutex(State())
  let ceiling: Int
  let initial: Int
  private let logger: Logger

  /// Destinations are given at most `ceiling` requests at once (the operator's
  /// `--max-in-flight-per-receiver`), starting from `initial`.
  init(ceiling: Int, initial: Int = 32, logger: Logger) {
    self.ceiling = max(1, ceiling)
    self.initial = max(1, min(initial, ceiling))
    self.logger = logger
  }

  /// `url`'s destination: scheme, host and port, as connections are shared.
  static func destination(of url: URL) -> String {
    let scheme = url.scheme?.lowercased() ?? "http"
    let port = url.port ?? (scheme == "https" ? 443 : 80)
    return "\(scheme)://\(url.host?.lowercased() ?? ""):\(port)"
  }

  /// Room for one request to `destination`, waiting for it in turn until `deadline`.
  func acquire(_ destination: String, until deadline: ContinuousClock.Instant) async throws -> Permit {
    let now = ContinuousClock.now
    let admitted: Bool = state.withLock { state in
      state.withEntry(destination, orMake: { makeDestination(destination) }) { entry in
        guard entry.waiters.isEmpty, entry.limit.hasRoom else { return false }
        entry.limit.started()
        entry.inFlight.record(entry.limit.inFlight)
        return true
      }
    }
    if admitted { return Permit(destination: destination, started: now) }
    guard deadline > now else { throw NoRoom(destination: destination) }
    // Looked at again with the waiter put in line in the same step: a request that ended meanwhile
    // hands its room to the line, this one included. A waiter past its deadline is told so when
    // room comes (a request ends within its timeout; the deadline leaves that much of the claim).
    let started = try await withCheckedThrowingContinuation { continuation in
      let admitted: Bool = state.withLock { state in
        state.withEntry(destination) { entry in
          if entry.waiters.isEmpty, entry.limit.hasRoom {
            entry.limit.started()
            return true
          }
          entry.waiters.append(Waiter(continuation: continuation, deadline: deadline))
          return false
        } ?? true
      }
      if admitted { continuation.resume(returning: .now) }
    }
    return Permit(destination: destination, started: started)
  }

  /// Gives the room back with what came of the request; the next waiting request gets it, or as
  /// many as the limit now allows.
  func release(_ permit: Permit, _ outcome: DestinationLimit.Outcome) {
    let now = ContinuousClock.now
    var handed: [Waiter] = []
    var expired: [Waiter] = []
    let change: DestinationLimit.Change? = state.withLock { state in
      state.withEntry(permit.destination) { entry -> DestinationLimit.Change? in
        if case .answered(let seconds) = outcome { entry.latency.recordSeconds(seconds) }
        let demand = !entry.waiters.isEmpty || entry.limit.inFlight * 2 >= Int(entry.limit.limit)
        let change = entry.limit.finished(outcome, at: Self.seconds(now - Self.origin), demand: demand)
        while entry.limit.hasRoom, let waiter = entry.waiters.popFirst() {
          guard waiter.deadline > now else {
            expired.append(waiter)
            continue
          }
          entry.limit.started()
          handed.append(waiter)
        }
        entry.inFlight.record(entry.limit.inFlight)
        entry.limitGauge.record(Int(entry.limit.limit))
        return change
      } ?? nil
    }
    for waiter in handed { waiter.continuation.resume(returning: now) }
    for waiter in expired { waiter.continuation.resume(throwing: NoRoom(destination: permit.destination)) }
    switch change {
    case .fell(let to):
      logger.warning(
        "a receiver is overloaded: fewer requests at once go to it until it answers in time again",
        metadata: ["destination": "\(permit.destination)", "limit": "\(to)"])
    case .recovered(let at):
      logger.notice(
        "a receiver answers in time again",
        metadata: ["destination": "\(permit.destination)", "limit": "\(at)"])
    case nil:
      break
    }
  }

  /// The limit and requests under way of each destination (for tests and the benchmarks).
  func snapshot() -> [String: (limit: Int, inFlight: Int, waiting: Int)] {
    state.withLock { state in
      state.destinations.mapValues { (Int($0.limit.limit), $0.limit.inFlight, $0.waiters.count) }
    }
  }

  private func makeDestination(_ destination: String) -> Destination {
    let dimensions = [("destination", destination)]
    return Destination(
      limit: DestinationLimit(initial: initial, ceiling: ceiling),
      inFlight: Gauge(label: "herald_destination_in_flight", dimensions: dimensions),
      limitGauge: Gauge(label: "herald_destination_limit", dimensions: dimensions),
      latency: Metrics.Timer(label: "herald_destination_latency_seconds", dimensions: dimensions))
  }

  private static let origin = ContinuousClock.now

  static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }
}

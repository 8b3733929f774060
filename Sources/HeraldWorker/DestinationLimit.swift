/// How many requests one destination — a receiver's origin, later a push service — is given at
/// once, found by itself as TCP finds a path's window: slow start doubles it every round trip
/// while the destination answers in its usual time, then it grows by one a round trip; an answer
/// that says the destination is overloaded (429, 503, a timeout) halves it, at most once a round
/// trip, and a round trip that grows well past the destination's usual one (requests queueing
/// there) takes a tenth off. Within `1 … ceiling`.
///
/// A value: the gate (`DestinationGate`) holds one per destination and feeds it each request's
/// end. Times are seconds on any monotonic clock.
struct DestinationLimit: Sendable {
  /// Requests allowed at once (its whole part).
  private(set) var limit: Double
  let ceiling: Double
  private(set) var inFlight = 0
  private var slowStart = true
  /// The round trip of an unloaded destination: the shortest seen, drifting up slowly so that a
  /// destination that moved farther away is not taken as loaded for ever.
  private(set) var baseline: Double?
  /// The latest round trip, smoothed: what the metrics show.
  private(set) var latency: Double?
  private var lastDecrease = -Double.infinity
  /// Set when the limit fell for overload, until it is back: each is said once.
  private(set) var overloaded = false
  private var answeredSinceDecrease = 0

  /// What a request's end says about the destination.
  enum Outcome: Sendable {
    /// It answered (any status but an overload's), after `latency` seconds.
    case answered(latency: Double)
    /// It said it is overloaded (429, 503) or did not answer in time.
    case overloaded
    /// It could not be reached or broke off: no word on its load.
    case failed
    /// The permit was not used for a request (the row was not to be sent after all).
    case unused
  }

  /// A change worth saying once.
  enum Change: Sendable, Equatable {
    case fell(to: Int)
    case recovered(at: Int)
  }

  init(initial: Int = 32, ceiling: Int) {
    self.ceiling = Double(max(1, ceiling))
    limit = Double(min(max(1, initial), max(1, ceiling)))
  }

  /// Whether one more request may start now.
  var hasRoom: Bool { inFlight < Int(limit) }

  mutating func started() { inFlight += 1 }

  /// A request ended at `now` with `outcome`; a change of state to say, if any. `demand`: whether
  /// the limit is what holds requests back (some wait, or at least half of it is in use); it grows
  /// only then, not while the destination is asked for less than it is given.
  mutating func finished(_ outcome: Outcome, at now: Double, demand: Bool) -> Change? {
    inFlight = max(0, inFlight - 1)
    switch outcome {
    case .unused, .failed:
      return nil
    case .overloaded:
      return decrease(by: 0.5, at: now, overload: true)
    case .answered(let seconds):
      latency = latency.map { 0.8 * $0 + 0.2 * seconds } ?? seconds
      let usual = baseline.map { min(seconds, $0 * 1.000_02) } ?? seconds
      baseline = usual
      // Queueing at the destination: its round trip doubled (and by more than a few ms).
      if seconds > 2 * usual + 0.005 { return decrease(by: 0.9, at: now, overload: false) }
      answeredSinceDecrease += 1
      if demand { limit = min(ceiling, limit + (slowStart ? 1 : 1 / limit)) }
      if overloaded, answeredSinceDecrease >= max(20, Int(limit) * 2) {
        overloaded = false
        return .recovered(at: Int(limit))
      }
      return nil
    }
  }

  private mutating func decrease(by factor: Double, at now: Double, overload: Bool) -> Change? {
    slowStart = false
    answeredSinceDecrease = 0
    // Once a round trip — as it is now, not the shortest seen: the requests already under way
    // answer from the same moment, and near a destination (0.3 ms unloaded, 5 ms queueing under
    // load) spacing by the shortest let one slow round trip take a tenth off fifteen times.
    guard now - lastDecrease >= max(baseline ?? 0.05, latency ?? 0) else { return nil }
    lastDecrease = now
    limit = max(1, limit * factor)
    guard overload, !overloaded else { return nil }
    overloaded = true
    return .fell(to: Int(limit))
  }
}

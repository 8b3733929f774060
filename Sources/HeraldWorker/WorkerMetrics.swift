import Foundation
import HeraldPostgres
import HeraldPush
import Metrics

/// What a worker tells an operator through swift-metrics (`herald worker --metrics-port` serves
/// them to Prometheus; docs/many-users.md lists them). Made once: a metric per event would ask the
/// metrics system's registry each time.
struct WorkerMetrics: Sendable {
  /// The names, as Prometheus shows them.
  enum Name {
    static let deliveries = "herald_deliveries_total"
    static let lateness = "herald_delivery_lateness_seconds"
    static let webhook = "herald_webhook_duration_seconds"
    static let takenOver = "herald_claims_taken_over_total"
    static let lost = "herald_claims_lost_total"
    static let queueDepth = "herald_queue_due_rows"
    static let oldestDue = "herald_queue_oldest_due_age_seconds"
    static let pushes = "herald_pushes_total"
  }

  /// Every outcome a row can have, as the `outcome` label says it (`late`: delivered late).
  static let outcomes = [
    "delivered", "late", "missed", "skipped", "silenced", "retry", "failed", "withdrawn",
  ]
  /// A webhook exchange by what came of it: the receiver's status class, or none.
  static let webhookResults = ["2xx", "3xx", "4xx", "5xx", "timeout", "error"]

  private let deliveries: [String: Counter]
  private let lateness = Metrics.Timer(label: Name.lateness)
  private let webhooks: [String: Metrics.Timer]
  private let takenOver = Counter(label: Name.takenOver)
  private let lost = Counter(label: Name.lost)
  private let queueDepth = Gauge(label: Name.queueDepth)
  private let oldestDue = Gauge(label: Name.oldestDue)
  private let pushes: [String: Counter]

  init() {
    deliveries = Dictionary(
      uniqueKeysWithValues: Self.outcomes.map {
        ($0, Counter(label: Name.deliveries, dimensions: [("outcome", $0)]))
      })
    webhooks = Dictionary(
      uniqueKeysWithValues: Self.webhookResults.map {
        ($0, Metrics.Timer(label: Name.webhook, dimensions: [("result", $0)]))
      })
    pushes = Dictionary(
      uniqueKeysWithValues: PushOutcome.labels.map {
        ($0, Counter(label: Name.pushes, dimensions: [("outcome", $0)]))
      })
  }

  /// A row was decided (and sent, when shown): its outcome, and for a shown one how long after its
  /// time it went out.
  func record(_ outcome: DeliveryOutcome, of row: ClaimedDelivery) {
    let label: String
    switch outcome {
    case .delivered(let at, let late, _, _):
      label = late ? "late" : "delivered"
      lateness.recordNanoseconds(Int64(max(0, at.timeIntervalSince(row.fireDate)) * 1e9))
    case .missed: label = "missed"
    case .skipped: label = "skipped"
    case .silenced: label = "silenced"
    case .retry: label = "retry"
    case .failed: label = "failed"
    case .withdrawn: label = "withdrawn"
    }
    deliveries[label]?.increment()
  }

  /// One webhook exchange: how long it took and what came of it.
  func webhook(_ result: String, took duration: Duration) {
    let (seconds, attoseconds) = duration.components
    webhooks[result]?.recordNanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
  }

  /// What came of one reminder's pushes, a device each.
  func pushed(_ outcomes: some Sequence<PushOutcome>) {
    for outcome in outcomes { pushes[outcome.label]?.increment() }
  }

  /// Rows claimed whose earlier claim ended unrecorded (a worker died or froze with them).
  func claimed(takenOver count: Int) {
    if count > 0 { takenOver.increment(by: count) }
  }

  /// A claim this worker found taken over by another before sending (it sent nothing).
  func claimLost() { lost.increment() }

  /// The queue as it stands: rows due and not yet done, and how long the oldest has waited.
  func queue(_ status: QueueStatus, at now: Date) {
    queueDepth.record(status.dueRows)
    oldestDue.record(status.oldestDue.map { max(0, now.timeIntervalSince($0)) } ?? 0)
  }
}

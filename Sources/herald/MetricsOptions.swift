import ArgumentParser
import HeraldCore
import Hummingbird
import Logging
import Metrics
import NIOCore
import Prometheus
import ServiceLifecycle

/// `--metrics-port`: what `herald worker` and `herald serve` count, for Prometheus to scrape at
/// `/metrics` — on a port of its own, so that the API's port (public, with `--allow-remote`) never
/// shows it, and on loopback unless `--metrics-host` says otherwise.
struct MetricsOptions: ParsableArguments {
  @Option(help: "Serve Prometheus metrics at /metrics on this port.") var metricsPort: Int?
  @Option(help: "The address the metrics are served on.") var metricsHost = "127.0.0.1"

  /// How long a delivery went out after its time: a histogram fine where it matters (the tens of
  /// milliseconds a punctual worker takes), coarse where an outage puts it.
  static let latenessBuckets: [Duration] = [
    .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10), .milliseconds(20),
    .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1),
    .milliseconds(2_500), .seconds(5), .seconds(10), .seconds(30), .seconds(60), .seconds(300),
  ]

  /// Starts the metrics system with a Prometheus registry and returns the server showing it; nil
  /// when no port is given (the metrics then cost nothing: swift-metrics' default drops them).
  /// Must run before anything makes a metric: one made earlier would count into nothing.
  func service(logger: Logger) throws -> (any Service)? {
    guard let port = metricsPort else { return nil }
    guard (1...65535).contains(port) else {
      throw FieldError("--metrics-port", "expected 1–65535, got \(port)")
    }
    let registry = PrometheusCollectorRegistry()
    var factory = PrometheusMetricsFactory(registry: registry)
    factory.durationHistogramBuckets["herald_delivery_lateness_seconds"] = Self.latenessBuckets
    factory.durationHistogramBuckets["herald_webhook_duration_seconds"] = Self.latenessBuckets
    MetricsSystem.bootstrap(factory)
    let router = Router()
    router.get("metrics") { _, _ in
      Response(
        status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
        body: ResponseBody(byteBuffer: ByteBuffer(bytes: registry.emitToBuffer())))
    }
    return Application(
      router: router, configuration: .init(address: .hostname(metricsHost, port: port)), logger: logger)
  }
}

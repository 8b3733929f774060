import Foundation
import HeraldCore
import HeraldInterchange
import HeraldSystem
import Logging

/// Fixes from gpsd over its JSON protocol (`gpsd_json(5)`), on TCP.
///
/// Each connection sends `?WATCH={"enable":true,"json":true}` once and reads `TPV` reports; a
/// line that is not JSON, a report without a usable position, or one cut off at gpsd's 10 240
/// characters is skipped and logged, never fatal. When gpsd refuses, closes the connection or
/// sends nothing for `silenceTimeout` seconds, the source reports itself unavailable (once per
/// outage) and reconnects with back-off: the first retry within a second, doubling to at most
/// `maximumRetryDelay`.
public struct GPSDSource: LocationSource {
  /// Where gpsd listens.
  public let host: String
  public let port: UInt16
  /// Seconds without a byte after which the connection counts as lost.
  public var silenceTimeout: Double = 10
  /// Seconds before the first retry; each further one waits twice as long, up to the maximum.
  public var firstRetryDelay: Double = 0.5
  public var maximumRetryDelay: Double = 5
  /// Skipped lines logged per connection; the rest are counted.
  public var loggedSkipsPerConnection = 20
  let logger: Logger

  /// gpsd's own port on this machine.
  public static let defaultHost = "127.0.0.1"
  /// gpsd's registered port.
  public static let defaultPort: UInt16 = 2947

  /// A source for gpsd at `host`:`port`; `logger` hears of outages and skipped lines.
  public init(host: String = defaultHost, port: UInt16 = defaultPort, logger: Logger) {
    self.host = host
    self.port = port
    self.logger = logger
  }

  /// How logs name it: `gpsd 127.0.0.1:2947`.
  public var name: String { host.contains(":") ? "gpsd [\(host)]:\(port)" : "gpsd \(host):\(port)" }

  public func events() -> AsyncStream<LocationEvent> {
    let (stream, continuation) = AsyncStream.makeStream(of: LocationEvent.self, bufferingPolicy: .unbounded)
    let stop = StopFlag()
    continuation.onTermination = { _ in stop.stop() }
    let source = self
    Thread.detachNewThread { source.run(continuation, stop) }
    return stream
  }

  /// Connects, reads, reconnects, until the listener goes. An outage lasts from the first
  /// failure until a fix comes again: however many attempts it takes, it is logged once.
  private func run(_ continuation: AsyncStream<LocationEvent>.Continuation, _ stop: StopFlag) {
    var delay = firstRetryDelay
    var outage: String?
    var connectedBefore = false
    while !stop.isStopped {
      let problem: String
      do {
        let connection = try LineSocket(
          host: host, port: port, timeout: 5, maximumLineLength: GPSDReport.maximumLineLength)
        try connection.send(GPSDReport.watchCommand)
        if connectedBefore {
          logger.debug("\(name): connected")
        } else {
          logger.info("\(name): connected")
          connectedBefore = true
        }
        problem = read(connection, continuation, stop) {
          if outage != nil { logger.notice("\(name): connected again, fixes are coming") }
          outage = nil
          delay = firstRetryDelay
        }
      } catch {
        problem = error.description
      }
      guard !stop.isStopped else { break }
      if outage == nil {
        outage = problem
        logger.warning("\(name): \(problem); reconnecting")
        continuation.yield(.unavailable("\(name): \(problem)"))
      } else {
        logger.debug("\(name): \(problem); still reconnecting")
      }
      let until = ContinuousClock.now + .milliseconds(Int(delay * 1000))
      while !stop.isStopped, ContinuousClock.now < until { Thread.sleep(forTimeInterval: 0.05) }
      delay = min(delay * 2, maximumRetryDelay)
    }
    continuation.finish()
  }

  /// Reads one connection until it ends; returns why. `gotFix` is called with each fix.
  private func read(
    _ connection: LineSocket, _ continuation: AsyncStream<LocationEvent>.Continuation, _ stop: StopFlag,
    gotFix: () -> Void
  ) -> String {
    let clock = ContinuousClock()
    var lastData = clock.now
    var lastFix = clock.now
    var saidNoFix = false
    var lineNumber = 0
    var skipped = 0
    func skip(_ problem: String) {
      skipped += 1
      if skipped <= loggedSkipsPerConnection {
        logger.warning("\(name), line \(lineNumber): skipped: \(problem)")
      } else if skipped == loggedSkipsPerConnection + 1 {
        logger.warning("\(name): more lines skipped; not logging each")
      }
    }
    while !stop.isStopped {
      let result: LineSocket.Read
      do { result = try connection.read(timeout: 0.25) } catch { return error.description }
      switch result {
      case .closed:
        return "closed the connection"
      case .nothing:
        if clock.now - lastData > .seconds(silenceTimeout) {
          return "sent nothing for \(Int(silenceTimeout)) s"
        }
      case .lines(let lines):
        lastData = clock.now
        for line in lines {
          lineNumber += 1
          guard let line else {
            skip("longer than gpsd's \(GPSDReport.maximumLineLength) characters: cut off")
            continue
          }
          do {
            guard case .fix(let fix) = try GPSDReport.parse(line) else { continue }
            lastFix = clock.now
            saidNoFix = false
            gotFix()
            continuation.yield(.fix(fix))
          } catch {
            skip(error.description)
          }
        }
      }
      // Reports flow but none has a position (no satellites): as good as silent for the walk.
      if !saidNoFix, clock.now - lastFix > .seconds(silenceTimeout) {
        saidNoFix = true
        continuation.yield(.unavailable("\(name): no position for \(Int(silenceTimeout)) s"))
      }
    }
    return "stopped"
  }
}

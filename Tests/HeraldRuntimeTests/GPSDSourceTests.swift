import Foundation
import HeraldCore
import HeraldInterchange
import HeraldRuntime
import HeraldSystem
import HeraldTestSupport
import Logging
import Testing

/// The gpsd client against a scripted gpsd on loopback: what it takes from the JSON protocol, what
/// it skips, and how it reconnects. (The real gpsd is in HeraldCLITests.)
@Suite struct GPSDSourceTests {
  static let watch = #"?WATCH={"enable":true,"json":true}"#

  static func tpv(_ latitude: String, _ longitude: String, time: String, extra: String = #","eph":7.5"#)
    -> String
  {
    #"{"class":"TPV","device":"/dev/pts/1","mode":3,"time":"\#(time)","lat":\#(latitude),"lon":\#(longitude)\#(extra)}"#
  }

  /// The events of `source` until `count` have come or `timeout` seconds passed.
  static func collect(_ source: GPSDSource, count: Int, timeout: Double = 60) async -> [LocationEvent] {
    await collect(source.events(), count: count, timeout: timeout)
  }

  /// The first `count` events of `stream`, or those that came within `timeout` seconds.
  static func collect(_ stream: AsyncStream<LocationEvent>, count: Int, timeout: Double = 60) async
    -> [LocationEvent]
  {
    await withTaskGroup(of: [LocationEvent].self) { group in
      group.addTask {
        var events: [LocationEvent] = []
        for await event in stream {
          events.append(event)
          if events.count == count { break }
        }
        return events
      }
      group.addTask {
        try? await Task.sleep(for: .seconds(timeout))
        return []
      }
      let first = await group.next() ?? []
      group.cancelAll()
      return first
    }
  }

  static func fixTimes(_ events: [LocationEvent]) -> [String] {
    events.compactMap { if case .fix(let fix) = $0 { RFC3339.utcString(fix.timestamp) } else { nil } }
  }

  @Test func takesTPVFixesAndSkipsEverythingElseWithoutFailing() async throws {
    let watches = Locked(0)
    let server = try TCPTestServer { connection, _ in
      if connection.readLine(timeout: 5) == Self.watch { watches.update { $0 += 1 } }
      for line in [
        #"{"class":"VERSION","release":"3.22","proto_major":3,"proto_minor":14}"#,
        #"{"class":"TPV","device":"/dev/pts/1","mode":1}"#,
        Self.tpv("45.2735", "13.7141", time: "2020-12-18T06:15:50.000Z"),
        "garbage that is not JSON",
        Self.tpv("91.0", "13.7141", time: "2020-12-18T06:15:51.000Z"),
        Self.tpv("NaN", "13.7141", time: "2020-12-18T06:15:52.000Z"),
        #"{"class":"TPV","mode":3,"lat":45.1,"lon":13.7}"#,
        Self.tpv("45.2736", "13.7141", time: "not a time"),
        #"{"class":"TPV","mode":2,"time":"2020-12-18T06:15:53Z","lat":45.2737,"lon":13.7141,"epx":4,"epy":9.5}"#,
        #"{"class":"TPV","mode":3,"time":"2020-12-18T06:15:54Z","lat":45.2738,"lon":13.7141,"x":""#
          + String(repeating: "9", count: 10_300) + #""}"#,
        Self.tpv("45.2739", "13.7141", time: "2020-12-18T06:15:55.000Z", extra: ""),
      ] {
        connection.send(line + "\r\n")
      }
      // Held open until the test stops the server: on a machine busy enough that the test's tasks
      // wait minutes for a thread, a connection closed by a timeout here would be a reconnect.
      _ = connection.readLine(timeout: 3600)
    }
    defer { server.stop() }
    let logs = LogRecorder()
    var source = GPSDSource(host: "127.0.0.1", port: server.port, logger: logs.logger())
    // However long this test's task waits for a thread, the connection stays: no silence timeout.
    source.silenceTimeout = 600
    let events = await Self.collect(source, count: 3, timeout: 120)
    #expect(
      Self.fixTimes(events) == ["2020-12-18T06:15:50Z", "2020-12-18T06:15:53Z", "2020-12-18T06:15:55Z"])
    let accuracies: [Double?] = events.map { event -> Double? in
      if case .fix(let fix) = event { fix.horizontalAccuracy } else { -1 }
    }
    // eph; else the larger of epx and epy; else none.
    #expect(accuracies == [7.5, 9.5, nil])
    #expect(watches.value == 1)
    let skipped = logs.messages(at: .warning).filter { $0.contains("skipped") }
    // Not JSON, latitude 91, NaN, a time that is not one, the cut-off line (a TPV without a
    // time, as gpsd's first, is passed over quietly).
    #expect(skipped.count == 5, "\(skipped)")
    #expect(skipped.contains { $0.contains("line 4") && $0.contains("not valid JSON") })
    #expect(skipped.contains { $0.contains("line 5") && $0.contains("lat: 91.0 is outside") })
    #expect(skipped.contains { $0.contains("line 10") && $0.contains("10240 characters") })
  }

  @Test func aClosedConnectionIsReportedOnceAndReopenedWithOneWatchEach() async throws {
    let watches = Locked(0)
    // When the first connection was closed and the second accepted, on the server's threads (the
    // test's tasks may wait for a thread on a loaded machine; the server's never do).
    let closedAt = Locked<Date?>(nil)
    let acceptedAt = Locked<Date?>(nil)
    let server = try TCPTestServer { connection, number in
      if number == 2 { acceptedAt.value = Date() }
      if connection.readLine(timeout: 5) == Self.watch { watches.update { $0 += 1 } }
      connection.send(Self.tpv("45.2735", "13.7141", time: "2020-12-18T06:15:5\(number).000Z") + "\n")
      // The first connection ends at once; the second stays.
      guard number > 1 else {
        Thread.sleep(forTimeInterval: 0.1)
        closedAt.value = Date()
        return
      }
      // Held open until the test stops the server: on a machine busy enough that the test's tasks
      // wait minutes for a thread, a connection closed by a timeout here would be a reconnect.
      _ = connection.readLine(timeout: 3600)
    }
    defer { server.stop() }
    let logs = LogRecorder()
    var source = GPSDSource(host: "127.0.0.1", port: server.port, logger: logs.logger())
    source.silenceTimeout = 600
    let events = await Self.collect(source, count: 3, timeout: 120)
    #expect(Self.fixTimes(events) == ["2020-12-18T06:15:51Z", "2020-12-18T06:15:52Z"])
    guard events.count == 3, case .unavailable(let reason) = events[1] else {
      Issue.record("\(events)")
      return
    }
    #expect(reason.contains("closed the connection"))
    // The first retry comes within a second of the close.
    let gap = try #require(acceptedAt.value).timeIntervalSince(try #require(closedAt.value))
    #expect(gap < 1, "\(gap) s")
    #expect(watches.value == 2)
    #expect(logs.messages(at: .warning).filter { $0.contains("reconnecting") }.count == 1)
    #expect(logs.messages.contains { $0.contains("connected again") })
  }

  @Test func aRefusedSourceIsReportedOnceAndRetriedWithABackOffCappedAtFiveSeconds() async throws {
    let port = try TCPTestServer.freePort()
    let logs = LogRecorder()
    var source = GPSDSource(host: "127.0.0.1", port: port, logger: logs.logger())
    source.silenceTimeout = 600
    // Started here, not in the task: the source must be trying before the server opens, however
    // long the task waits for a thread.
    let stream = source.events()
    let waiting = Task { await Self.collect(stream, count: 2, timeout: 120) }
    // Refused for 7 s: retries after 0.5, 1, 2 and 4 s (then 5 s): the next one within 5 s.
    try await Task.sleep(for: .seconds(7))
    let opened = Date()
    let connectedAt = Locked<Date?>(nil)
    let server = try TCPTestServer(port: port) { connection, number in
      if number == 1 { connectedAt.value = Date() }
      _ = connection.readLine(timeout: 5)
      connection.send(Self.tpv("45.2735", "13.7141", time: "2020-12-18T06:15:50.000Z") + "\n")
      // Held open until the test stops the server: on a machine busy enough that the test's tasks
      // wait minutes for a thread, a connection closed by a timeout here would be a reconnect.
      _ = connection.readLine(timeout: 3600)
    }
    defer { server.stop() }
    let events = await waiting.value
    let wait = try #require(connectedAt.value).timeIntervalSince(opened)
    #expect(wait <= 5.5, "\(wait) s")
    #expect(events.count == 2)
    if case .unavailable(let reason)? = events.first {
      #expect(reason.contains("refused"), "\(reason)")
    } else {
      Issue.record("\(events)")
    }
    #expect(Self.fixTimes(events) == ["2020-12-18T06:15:50Z"])
    #expect(logs.messages(at: .warning).filter { $0.contains("reconnecting") }.count == 1)
  }

  @Test func silenceIsAnOutage() async throws {
    let server = try TCPTestServer { connection, _ in
      _ = connection.readLine(timeout: 5)  // the watch
      _ = connection.readLine(timeout: 30)
    }
    defer { server.stop() }
    var source = GPSDSource(host: "127.0.0.1", port: server.port, logger: LogRecorder().logger())
    source.silenceTimeout = 1
    let events = await Self.collect(source, count: 1, timeout: 60)
    guard case .unavailable(let reason)? = events.first else {
      Issue.record("\(events)")
      return
    }
    #expect(reason.contains("sent nothing for 1 s"))
  }
}

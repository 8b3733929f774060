import Foundation
import HeraldCore
import HeraldInterchange
import HeraldRuntime
import HeraldTestSupport
import Testing

/// `herald live`'s stream on a manual clock: a frame per second, fresh data each tick, the end.
@Suite struct LiveStreamTests {
  static let start = Fixtures.instant("2026-06-01T09:00:00+02:00")
  static let block = Fixtures.block("b1", start: start, minutes: 25, taskIDs: ["t1", "t2"])
  static let tasks = [TodoItem(id: "t1", title: "Steuererklärung"), TodoItem(id: "t2", title: "Ablage")]

  @Test func countsDownSecondBySecond() async {
    let harness = LiveHarness(now: Self.start, blocks: [Self.block], tasks: Self.tasks)
    await harness.start(.text)
    await harness.advance(by: 1)
    await harness.advance(by: 1)
    #expect(
      harness.lines == [
        "Deep Work · 25:00 left · Steuererklärung · 0/2 · 0%",
        "Deep Work · 24:59 left · Steuererklärung · 0/2 · 0%",
        "Deep Work · 24:58 left · Steuererklärung · 0/2 · 0%",
      ])
    #expect(!harness.hasEnded)
  }

  @Test func ticksOnTheSecondsOfTheCountdownNotOfTheStart() async {
    // Given a start 0.3 s past a whole second: 1499.7 s left reads 25:00.
    let harness = LiveHarness(
      now: Self.start.addingTimeInterval(0.3), blocks: [Self.block], tasks: Self.tasks)
    await harness.start(.text)
    // When half a second passes, the display would not change: no frame.
    await harness.advance(by: 0.5)
    #expect(harness.lines.count == 1)
    // Then the frame comes when 1499 s are left.
    await harness.advance(by: 0.2)
    #expect(harness.lines.map { $0.prefix(17) } == ["Deep Work · 25:00", "Deep Work · 24:59"])
  }

  @Test func aCompletedTaskShowsInTheNextTick() async {
    let harness = LiveHarness(now: Self.start, blocks: [Self.block], tasks: Self.tasks)
    await harness.start(.text)
    harness.update(tasks: [TodoItem(id: "t1", title: "Steuererklärung", completed: true), Self.tasks[1]])
    await harness.advance(by: 1)
    #expect(harness.lines.last == "Deep Work · 24:59 left · Ablage · 1/2 · 0%")
  }

  @Test func stopsAtTheBlocksEndWithAnEmptyFrame() async throws {
    let harness = LiveHarness(
      now: Self.block.end.addingTimeInterval(-2), blocks: [Self.block], tasks: Self.tasks)
    await harness.start(.waybar)
    await harness.advance(by: 1)
    #expect(!harness.hasEnded)
    await harness.advance(by: 1)
    #expect(harness.hasEnded)
    #expect(harness.error == nil)
    let shown = try harness.lines.map { line in
      let object = try JSONValue.parse(Data(line.utf8))
      return [object["text"], object["class"]]
    }
    #expect(
      shown == [
        [.string("Deep Work 0:02"), .string("ending")], [.string("Deep Work 0:01"), .string("ending")],
        [.string(""), .string("idle")],
      ])
  }

  @Test func idleLineEverySecondWhileNoBlockRuns() async {
    let harness = LiveHarness(now: Self.start.addingTimeInterval(-3), blocks: [Self.block], tasks: Self.tasks)
    await harness.start(.waybar)
    await harness.advance(by: 1)
    await harness.advance(by: 1)
    let idle = #"{"text": "", "tooltip": "", "class": "idle", "percentage": 0}"#
    #expect(harness.lines == [idle, idle, idle])
    #expect(!harness.hasEnded)
    // When the block starts, the countdown appears on its first second.
    await harness.advance(by: 1)
    #expect(harness.lines.last?.hasPrefix(#"{"text": "Deep Work 25:00""#) == true)
  }

  @Test func idleTicksAlignToWholeSecondsAndABlockShowsFromItsStart() async {
    // Given a block starting half a second after a whole second.
    let offBeat = Fixtures.block("b2", title: "Lesen", start: Self.start.addingTimeInterval(0.5), minutes: 25)
    let harness = LiveHarness(now: Self.start.addingTimeInterval(-0.25), blocks: [offBeat])
    await harness.start(.text)
    await harness.advance(by: 0.25)
    await harness.advance(by: 0.5)
    // Until it starts, the idle line names it (the harness's zone is UTC: 09:00:00.5+02:00 is 07:00).
    let waiting = "no focus block running — next: Lesen at 07:00"
    #expect(harness.lines == [waiting, waiting, "Lesen · 25:00 left · 0%"])
  }

  @Test func withNothingScheduledItNeverEndsByItself() async {
    let harness = LiveHarness(now: Self.start)
    await harness.start(.text)
    for _ in 0..<5 { await harness.advance(by: 1) }
    #expect(harness.lines == Array(repeating: "no focus block running", count: 6))
    #expect(!harness.hasEnded)
  }

  @Test func onceWritesOneFrameAndEnds() async {
    let harness = LiveHarness(now: Self.start, blocks: [Self.block], tasks: Self.tasks)
    await harness.start(.i3bar, ending: .once)
    #expect(harness.hasEnded)
    #expect(harness.lines.count == 3)
    #expect(harness.lines.prefix(2) == [#"{"version": 1}"#, "["])
    #expect(harness.lines.last?.hasPrefix(#"[{"full_text": "Deep Work · 25:00"#) == true)
  }

  @Test func onceWithNoBlockWritesTheIdleFrame() async {
    let harness = LiveHarness(now: Self.start)
    await harness.start(.text, ending: .once)
    #expect(harness.hasEnded)
    #expect(harness.lines == ["no focus block running"])
  }

  @Test func theI3barStreamIsOneValidJSONArray() async throws {
    let harness = LiveHarness(
      now: Self.block.end.addingTimeInterval(-2), blocks: [Self.block], tasks: Self.tasks)
    await harness.start(.i3bar)
    await harness.advance(by: 1)
    await harness.advance(by: 1)
    #expect(harness.hasEnded)
    let lines = harness.lines
    #expect(lines.count == 5)
    #expect(try JSONValue.parse(Data(lines[0].utf8)) == .object([.init("version", .number(1))]))
    // The bar reads an endless array; closing it after the last frame must give valid JSON.
    let body = try JSONValue.parse(Data((lines.dropFirst().joined(separator: "\n") + "]").utf8))
    guard case .array(let frames) = body else {
      Issue.record("not an array: \(body)")
      return
    }
    #expect(frames.count == 3)
    #expect(frames.last == .array([]))
  }

  @Test func aBlockStraightAfterKeepsTheStreamGoing() async {
    let next = Fixtures.block("b2", title: "Lesen", start: Self.block.end, minutes: 25)
    let harness = LiveHarness(now: Self.block.end.addingTimeInterval(-1), blocks: [Self.block, next])
    await harness.start(.text)
    await harness.advance(by: 1)
    #expect(harness.lines == ["Deep Work · 0:01 left · 99%", "Lesen · 25:00 left · 0%"])
    #expect(!harness.hasEnded)
  }

  @Test func followingKeepsStreamingAfterTheBlockEnds() async {
    let harness = LiveHarness(
      now: Self.block.end.addingTimeInterval(-1), blocks: [Self.block], tasks: Self.tasks)
    await harness.start(.text, ending: .never)
    await harness.advance(by: 1)
    await harness.advance(by: 1)
    #expect(
      harness.lines == [
        "Deep Work · 0:01 left · Steuererklärung · 0/2 · 99%", "no focus block running",
        "no focus block running",
      ])
    #expect(!harness.hasEnded)
  }

  @Test func aDeletedBlockEndsTheStream() async {
    let harness = LiveHarness(now: Self.start, blocks: [Self.block], tasks: Self.tasks)
    await harness.start(.text)
    harness.update(blocks: [])
    await harness.advance(by: 1)
    #expect(harness.hasEnded)
    #expect(harness.lines.last == "no focus block running")
  }

  @Test func aFailingReadEndsTheStreamWithItsError() async {
    struct Gone: Error {}
    let clock = ManualClock(now: Self.start)
    let stream = LiveStream(clock: clock, format: .text, snapshot: { throw Gone() }, output: { _ in })
    await #expect(throws: Gone.self) { try await stream.run() }
  }

  @Test func aClosedOutputEndsTheStream() async {
    struct Closed: Error {}
    let harness = LiveHarness(now: Self.start)
    await harness.start(.text, output: { _ in throw Closed() })
    #expect(harness.hasEnded)
    #expect(harness.error is Closed)
    #expect(harness.lines.isEmpty)
  }
}

import Foundation
import HeraldContracts
import HeraldCore
import HeraldInterchange
import HeraldSQLite
import HeraldTestSupport
import Testing

/// The live view in the browser (spec 002): the countdown runs by itself in the page, and a change
/// made by another process reaches the open page within a second.
///
/// The page counts down from the block's end instant on the browser's clock, which is the real
/// one: these tests start the server's clock at the real instant and place the block around it.
extension BrowserTests {
  @Test func theLiveCountdownDecreasesByItself() async throws {
    let now = Date()
    let harness = try ServerHarness(port: 0, at: now)
    defer { harness.remove() }
    let end = now.addingTimeInterval(3000)
    try harness.store.addFocusBlock(
      id: "b1", title: "Konzept schreiben", start: now.addingTimeInterval(-600), end: end)
    try await Self.browse(harness) { browser, base in
      try await browser.navigate(to: base + "/live")
      #expect(try await browser.text("#live-title") == "Konzept schreiben")
      let first = try #require(Self.seconds(try await browser.text("#live-countdown")))
      // What is left of the block on the real clock, whenever the browser came up.
      let left = end.timeIntervalSinceNow
      #expect(abs(Double(first) - left) <= 3, "the page showed \(first) s with \(left) s left")
      // Read again (polling) until two seconds have run off: the page ticks without the server.
      let decreased = await browser.wait(timeout: 5) {
        let text = try await browser.text("#live-countdown")
        return (Self.seconds(text) ?? first) <= first - 2
      }
      #expect(decreased)
    }
  }

  @Test func aTaskCompletedFromTheCLIShowsOnTheLivePageWithinASecond() async throws {
    let now = Date()
    let harness = try ServerHarness(port: 0, at: now)
    defer { harness.remove() }
    try harness.store.addTask(id: "t1", title: "Gliederung")
    try harness.store.addTask(id: "t2", title: "Einleitung")
    try harness.store.addFocusBlock(
      id: "b1", title: "Konzept schreiben", start: now.addingTimeInterval(-600),
      end: now.addingTimeInterval(3000),
      taskIDs: ["t1", "t2"])
    try await Self.browse(harness) { browser, base in
      try await browser.navigate(to: base + "/live")
      #expect(try await browser.text("#live-task") == "Gliederung")
      #expect(try await browser.text("#live-tally") == "0/2 erledigt")
      let database = harness.directory.path("herald.sqlite")
      let done = try await RawHTTPClient.offThePool {
        try HeraldProcess.run(["task", "done", "t1", "--database", database])
      }
      #expect(done.status == 0, "\(done.stderr)")
      let completed = Date()
      let shown = await browser.wait(timeout: 3, interval: 0.02) {
        try await browser.text("#live-task") == "Einleitung"
      }
      let latency = Date().timeIntervalSince(completed)
      #expect(shown)
      #expect(latency <= 1, "the completed task showed after \(latency) s")
      #expect(try await browser.text("#live-tally") == "1/2 erledigt")
    }
  }
}

import Foundation
import HeraldCore
import HeraldPostgres
import HeraldTestSupport
import Testing

/// `herald worker --threads N` on a real process: it runs on N event loops (NIO takes the count
/// only before its group is first made, and ignores it after), and on one it still delivers, tries
/// a failed webhook again and stops on SIGTERM — nothing the worker does waits on its own thread.
@Suite(.enabled(if: TestDatabase.enabled, TestDatabase.skipReason))
struct WorkerThreadsTests {
  @Test(.timeLimit(.minutes(2)), arguments: [1, 3])
  func aWorkerRunsOnTheThreadsItIsGivenAndDeliversOnThem(threads: Int) async throws {
    try await TestDatabase.withDatabase { url in
      // The receiver fails the first webhook (tried again 1 s later) and takes the rest.
      let receiver = try WebhookReceiver(secret: "whsec_AAAA", statuses: [500, 204])
      defer { receiver.stop() }
      let zone = Fixtures.zone("Europe/Berlin")
      let fire = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 + 2).rounded(.up))
      try await PostgresStore.withStore(url, logger: TestDatabase.logger) { store in
        _ = try await store.addUser(
          name: "alice", timeZone: zone, language: .en, webhook: receiver.url, at: Date())
        let blocks = (1...2).map { number in
          FocusBlock(
            id: "b\(number)", title: "Block \(number)", start: fire.addingTimeInterval(300),
            end: fire.addingTimeInterval(3600))
        }
        try await store.replaceData(
          ofUser: "alice", with: PlanningState(timeZone: zone, focusBlocks: blocks), now: Date())
      }
      let worker = try StreamingProcess([
        "worker", "--postgres", url.description, "--threads", String(threads),
      ])
      defer { worker.kill() }

      // Waited for on a thread of its own: it blocks, and the pool has few threads.
      let received = try await RawHTTPClient.offThePool { receiver.requests(count: 3, within: 30).map(\.id) }
      #expect(received.count == 3)
      #expect(Set(received).count == 2, "the retry carries its first try's id")
      let loops = try Self.eventLoops(of: worker.processIdentifier)
      #expect(loops == threads)
      #expect(await worker.stop(within: 10) == 0)
    }
  }

  /// The process's NIO event-loop threads, by the names NIO gives them.
  static func eventLoops(of process: Int32) throws -> Int {
    let tasks = "/proc/\(process)/task"
    return try FileManager.default.contentsOfDirectory(atPath: tasks).count { thread in
      let name = (try? String(contentsOfFile: "\(tasks)/\(thread)/comm", encoding: .utf8)) ?? ""
      return name.hasPrefix("NIO-SGLTN-")
    }
  }
}

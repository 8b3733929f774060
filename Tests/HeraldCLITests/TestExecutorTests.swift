#if os(Linux)
  import Foundation
  import HeraldTestExecutor
  import Testing

  /// The suite relies on a test that blocks its thread (on a pipe, a process, a daemon's line)
  /// never holding up another's timer or continuation: more tasks than there are cores, each
  /// blocked until all of them have started, all start. On Swift's standard executor (one thread a
  /// core) the first ones would wait out the deadline, and none of the others would start before.
  /// (Linux only: the hooks are installed there, where CI runs.)
  @Suite struct TestExecutorTests {
    /// Holds each arrival's thread until `count` have arrived or the deadline passes.
    final class Barrier: @unchecked Sendable {
      let count: Int
      private let condition = NSCondition()
      private(set) var arrived = 0

      init(count: Int) { self.count = count }

      /// Whether all arrived before `deadline`.
      func arriveAndWait(until deadline: Date) -> Bool {
        condition.withLock {
          arrived += 1
          condition.broadcast()
          while arrived < count { if !condition.wait(until: deadline) { return false } }
          return true
        }
      }
    }

    @Test func tasksBlockedOnTheirThreadsDoNotHoldUpOthers() async {
      #expect(herald_test_executor_is_wide() == 1)
      let barrier = Barrier(count: 2 * ProcessInfo.processInfo.activeProcessorCount + 2)
      let deadline = Date().addingTimeInterval(120)
      let allArrived = await withTaskGroup(of: Bool.self) { group in
        for _ in 0..<barrier.count { group.addTask { barrier.arriveAndWait(until: deadline) } }
        return await group.reduce(true) { $0 && $1 }
      }
      #expect(allArrived, "\(barrier.arrived) of \(barrier.count) tasks started while the first ones blocked")
    }
  }
#endif

import Synchronization
import Testing

@testable import HeraldPostgres

/// Changes of one user's tasks take turns in a process; different users' do not wait on each other.
@Suite(.timeLimit(.minutes(1)))
struct UserTurnsTests {
  /// How many bodies run at once, and the most that ever did.
  final class Overlap: Sendable {
    private let counts = Mutex((running: 0, most: 0, ran: 0))

    func run(_ body: () async throws -> Void) async rethrows {
      counts.withLock {
        $0.running += 1
        $0.most = max($0.most, $0.running)
      }
      defer {
        counts.withLock {
          $0.running -= 1
          $0.ran += 1
        }
      }
      try await body()
    }

    var most: Int { counts.withLock { $0.most } }
    var ran: Int { counts.withLock { $0.ran } }
  }

  @Test func oneUsersCallsRunOneAtATime() async {
    let turns = UserTurns()
    let overlap = Overlap()
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<50 {
        group.addTask {
          await turns.withTurn(of: 7) {
            await overlap.run {
              // Suspends inside the turn, as a database round trip does.
              for _ in 0..<3 { await Task.yield() }
            }
          }
        }
      }
    }
    #expect(overlap.ran == 50)
    #expect(overlap.most == 1)
  }

  /// User 1's turn waits for something only user 2's turn does: it would never end if user 2
  /// waited for user 1.
  @Test func differentUsersDoNotWaitOnEachOther() async {
    let turns = UserTurns()
    let (opened, gate) = AsyncStream.makeStream(of: Void.self)
    await withTaskGroup(of: Void.self) { group in
      group.addTask {
        await turns.withTurn(of: 1) {
          for await _ in opened { break }
        }
      }
      group.addTask {
        await turns.withTurn(of: 2) { _ = gate.yield() }
      }
    }
  }

  @Test func aTurnThatThrowsPassesItOn() async throws {
    struct Refused: Error {}
    let turns = UserTurns()
    await #expect(throws: Refused.self) {
      try await turns.withTurn(of: 3) { throw Refused() }
    }
    #expect(await turns.withTurn(of: 3) { "next" } == "next")
  }
}

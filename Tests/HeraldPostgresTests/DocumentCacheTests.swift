import Foundation
import HeraldCore
import Testing

@testable import HeraldPostgres

/// The cache of users' data is bounded by users and by the items their data holds.
struct DocumentCacheTests {
  static func entry(tasks: Int, version: Int64 = 1) -> DocumentCache.Entry {
    var state = PlanningState(timeZone: .utc)
    state.tasks = (0..<tasks).map { TodoItem(id: "t\($0)", title: "Task \($0)") }
    return DocumentCache.Entry(document: state, version: version)
  }

  @Test func pastItsUsersOrItsItemsEntriesMakeRoom() {
    let cache = DocumentCache(capacity: 3, budget: 1_000)
    for user in 1...5 { cache.store(Self.entry(tasks: 9), ofUser: Int64(user)) }
    #expect(cache.held == (3, 30))
    #expect(cache.entry(ofUser: 5)?.version == 1)

    // Five of 10 items and one of 60 do not fit in 100: one of the five makes room.
    let items = DocumentCache(capacity: 10, budget: 100)
    for user in 1...5 { items.store(Self.entry(tasks: 9), ofUser: Int64(user)) }
    items.store(Self.entry(tasks: 59), ofUser: 6)
    #expect(items.held == (5, 100))
    #expect(items.entry(ofUser: 6) != nil)
    // Stored again, a user's entry replaces theirs and counts once.
    items.store(Self.entry(tasks: 59, version: 2), ofUser: 6)
    #expect(items.held == (5, 100))
    #expect(items.entry(ofUser: 6)?.version == 2)
  }

  @Test func dataPastTheBudgetAloneIsNotKept() {
    let cache = DocumentCache(capacity: 3, budget: 100)
    cache.store(Self.entry(tasks: 1), ofUser: 1)
    cache.store(Self.entry(tasks: 100), ofUser: 2)
    #expect(cache.entry(ofUser: 2) == nil)
    #expect(cache.held == (1, 2))
    // A user's old entry goes when their new data is too large to keep.
    cache.store(Self.entry(tasks: 100), ofUser: 1)
    #expect(cache.held == (0, 0))
  }
}

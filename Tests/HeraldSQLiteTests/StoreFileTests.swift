import Foundation
import HeraldContracts
import HeraldCore
import HeraldTestSupport
import Testing

@testable import HeraldSQLite
import HeraldSystem

/// The database file: where it lives, how it is created, migrated and shared between processes.
@Suite struct StoreFileTests {
  private func mode(_ path: String) throws -> Int {
    try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
  }

  @Test func anEmptyFileIsCreatedOwnerOnlyInWALModeAndMigrated() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    // Given a path whose directories do not exist yet
    let path = directory.path("data/herald/herald.sqlite")

    // When the store opens it
    let store = try SQLiteStore(path: path)

    // Then the file exists, only its owner may read it, it is in WAL mode and fully migrated
    #expect(try mode(path) == 0o600)
    #expect(try store.value("PRAGMA journal_mode") == "wal")
    #expect(Schema.migrator.migrations.first == "v1")
    #expect(try store.appliedMigrations() == Schema.migrator.migrations)
    _ = try store.addTask(title: "Steuererklärung")
    // SQLite gives the write-ahead log its database's mode.
    #expect(try mode(path + "-wal") == 0o600)
    #expect(try store.planningState(timeZone: Fixtures.zone("UTC")).tasks.count == 1)
  }

  @Test func aFileThatExistsKeepsItsDataAndIsNotMigratedTwice() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("herald.sqlite")
    do {
      let store = try SQLiteStore(path: path)
      try store.addTask(id: "t1", title: "Angebot schreiben")
    }
    let reopened = try SQLiteStore(path: path)
    #expect(try reopened.tasks().map(\.id) == ["t1"])
    #expect(
      try reopened.value("SELECT count(*) FROM grdb_migrations") == "\(Schema.migrator.migrations.count)")
  }

  @Test func anInMemoryStoreIsMigratedToo() throws {
    let store = try SQLiteStore.inMemory()
    #expect(try store.appliedMigrations() == Schema.migrator.migrations)
    #expect(try store.settings() == Settings())
    #expect(try store.language() == .de)
    #expect(try store.movementSchedule() == nil)
  }

  @Test func aPathThatCannotBeCreatedIsAnEnvironmentError() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    // A regular file where a directory should be.
    let blocker = directory.path("file")
    try Data().write(to: URL(fileURLWithPath: blocker))
    let error = #expect(throws: EnvironmentError.self) { try SQLiteStore(path: blocker + "/herald.sqlite") }
    #expect(error?.tried == "creating the directory \(blocker)")
  }

  @Test(arguments: [
    (["HERALD_DATABASE": "/x/h.sqlite", "XDG_DATA_HOME": "/d", "HOME": "/home/a"], "/x/h.sqlite"),
    (["XDG_DATA_HOME": "/d", "HOME": "/home/a"], "/d/herald/herald.sqlite"),
    (["HERALD_DATABASE": "", "XDG_DATA_HOME": "/d", "HOME": "/home/a"], "/d/herald/herald.sqlite"),
    // A relative XDG_DATA_HOME is to be ignored (XDG Base Directory Specification).
    (["XDG_DATA_HOME": "relative", "HOME": "/home/a"], "/home/a/.local/share/herald/herald.sqlite"),
    (["HOME": "/home/a"], "/home/a/.local/share/herald/herald.sqlite"),
  ])
  func defaultPathFollowsTheEnvironment(environment: [String: String], expected: String) {
    #expect(SQLiteStore.defaultPath(environment: environment) == expected)
  }

  @Test func dataVersionChangesWhenAnotherConnectionCommits() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("herald.sqlite")
    // Given two stores on one file, as the daemon and a command would have
    let daemon = try SQLiteStore(path: path)
    let command = try SQLiteStore(path: path)
    let before = try daemon.dataVersion()
    #expect(try daemon.dataVersion() == before)

    // When the other one commits, the daemon sees a new version
    try command.addTask(title: "Rechnung bezahlen")
    let afterOther = try daemon.dataVersion()
    #expect(afterOther != before)

    // Its own writes do not count: it knows about them already
    try daemon.recordDelivery(
      DeliveryKey(requestID: "x", fireDate: Date(timeIntervalSince1970: 0)), deliveredAt: .now, late: false)
    #expect(try daemon.dataVersion() == afterOther)

    // A failed write elsewhere commits nothing, so nothing changes either
    #expect(throws: RecordError.self) { try command.removeTask(id: "t99") }
    #expect(try daemon.dataVersion() == afterOther)
    try command.set(.focusBlockLeadMinutes, .int(10))
    #expect(try daemon.dataVersion() != afterOther)
  }
}

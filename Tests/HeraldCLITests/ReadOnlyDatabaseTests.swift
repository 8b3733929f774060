import Foundation
import HeraldContracts
import HeraldSQLite
import HeraldTestSupport
import Testing

/// Commands that only read open the database read-only: they never create it, work on a file of
/// mode 0444 in a directory of mode 0555, and leave the file's bytes and the directory as they were
/// (no `-wal` or `-shm` beside it).
@Suite struct ReadOnlyDatabaseTests {
  static let readingCommands: [[String]] = [
    ["export"], ["upcoming"], ["live", "--once"], ["task", "list"], ["block", "list"], ["settings", "show"],
    ["movement", "show"],
  ]

  @Test func everyReadingCommandReadsAReadOnlyDatabaseAndLeavesItsBytes() throws {
    let database = try CLIDatabase()
    defer {
      chmod(database.directory.path("herald"), 0o755)
      database.remove()
    }
    try database.succeed(["import", "-"], stdin: try CLIDatabase.exampleScenario)
    try database.succeed(["movement", "template", "officeWorker"])
    let expectedExport = try database.succeed(["export"])
    let directory = database.directory.path("herald")
    #expect(chmod(database.path, 0o444) == 0)
    #expect(chmod(directory, 0o555) == 0)
    let bytes = try Data(contentsOf: URL(fileURLWithPath: database.path))
    let listing = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    #expect(listing == ["herald.sqlite"])

    for command in Self.readingCommands {
      let result = try database.run(command)
      #expect(result.status == 0, "\(command): \(result.stderr)")
      #expect(result.stderr.isEmpty, "\(command): \(result.stderr)")
      if command == ["export"] { #expect(result.stdout == expectedExport) }
      #expect(try Data(contentsOf: URL(fileURLWithPath: database.path)) == bytes, "\(command)")
      #expect(
        try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == listing, "\(command)")
    }
    let attributes = try FileManager.default.attributesOfItem(atPath: database.path)
    #expect(attributes[.posixPermissions] as? Int == 0o444)
  }

  @Test(arguments: readingCommands)
  func aReadingCommandNeverCreatesTheDatabase(_ command: [String]) throws {
    let database = try CLIDatabase()
    defer { database.remove() }
    let result = try database.run(command)
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr
        == "error: reading the database \(database.path): there is no database there yet; the first command "
        + "that changes something (herald import, herald task add, …) creates it\n")
    #expect(!FileManager.default.fileExists(atPath: database.path))
    #expect(!FileManager.default.fileExists(atPath: database.directory.path("herald")))
  }

  @Test func aWritingCommandStillCreatesTheDatabaseWithMode0600() throws {
    let database = try CLIDatabase()
    defer { database.remove() }
    try database.succeed(["task", "add", "--title", "x"])
    let attributes = try FileManager.default.attributesOfItem(atPath: database.path)
    #expect(attributes[.posixPermissions] as? Int == 0o600)
  }

  /// While the daemon has the database open (its `-wal` exists), a reading command sees its
  /// latest commit through the existing index.
  @Test func aReadingCommandSeesWhatAnOpenWriterCommitted() throws {
    let database = try CLIDatabase()
    defer { database.remove() }
    try database.succeed(["task", "add", "--title", "first"])
    let writer = try SQLiteStore(path: database.path)
    try writer.addTask(title: "second")
    #expect(FileManager.default.fileExists(atPath: database.path + "-wal"))
    let list = try database.succeed(["task", "list"])
    #expect(list.contains("first") && list.contains("second"))
  }

  @Test func aDatabasePathThatIsADirectorySaysSo() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("")
    let write = try HeraldProcess.run(["task", "add", "--title", "x", "--database", path])
    #expect(write.status == 1 && write.stdout.isEmpty)
    #expect(write.stderr.hasSuffix(": it is a directory, not a file\n"))
    let read = try HeraldProcess.run(["task", "list", "--database", path])
    #expect(read.status == 1 && read.stdout.isEmpty)
    #expect(read.stderr.hasSuffix(": it is a directory, not a file\n"))
  }
}

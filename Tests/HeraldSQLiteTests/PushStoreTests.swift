import Foundation
import HeraldSQLite
import Testing

/// The push secrets of one person's store: made once, then the same for every process on the file.
@Suite struct PushStoreTests {
  @Test func theLinkSecretIsMadeOnceAndKeptAcrossReopening() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "push-\(UUID().uuidString).sqlite"
    ).path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let first = try SQLiteStore(path: path).pushLinkSecret { "made-first" }
    #expect(first == "made-first")
    // A second process (the server beside the daemon) reads the kept secret; its own is not used.
    #expect(try SQLiteStore(path: path).pushLinkSecret { "made-second" } == "made-first")
    // The VAPID key is a separate secret: making one does not touch the other.
    #expect(try SQLiteStore(path: path).vapidPrivateKey { "key" } == "key")
    #expect(try SQLiteStore(path: path).pushLinkSecret { "made-third" } == "made-first")
  }
}

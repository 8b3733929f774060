import Foundation

/// A fresh directory under the system's temporary directory, for a test's database files.
///
/// Each test makes its own, so tests running in parallel never share a file.
public struct TemporaryDirectory: Sendable {
  public let url: URL

  /// Creates the directory.
  public init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "herald-test-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// The path of `name` inside the directory (not created).
  public func path(_ name: String) -> String { url.appendingPathComponent(name).path }

  /// Removes the directory and everything in it.
  public func remove() {
    try? FileManager.default.removeItem(at: url)
  }
}

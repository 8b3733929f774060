import Foundation

/// Finding a program as a shell would, without a shell.
public enum ExecutablePath {
  /// The first executable called `name` in the directories of `PATH` (`/usr/bin:/bin` when unset).
  public static func find(_ name: String, environment: [String: String] = ProcessInfo.processInfo.environment)
    -> URL?
  {
    let path = environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
      .first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }
}

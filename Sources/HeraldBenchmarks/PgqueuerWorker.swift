import Foundation
import HeraldPostgres
import HeraldPostgresConnections

/// pgqueuer's side of `compare`: `scripts/pgqueuer/pgqueuer_bench.py` run by the Python of the
/// virtual environment that `scripts/pgqueuer/make-venv.sh` makes (pinned pgqueuer 1.6.0).
struct PgqueuerWorker {
  /// A setting of pgqueuer's worker: jobs fetched per dequeue (also the size at which its
  /// completion buffer flushes) and its cap on jobs in flight (0: none, its default).
  struct Setting: CustomStringConvertible {
    var batchSize: Int
    var maxConcurrentTasks: Int

    var description: String {
      "batch \(batchSize), " + (maxConcurrentTasks == 0 ? "no cap" : "cap \(maxConcurrentTasks)")
    }

    /// `HERALD_PGQUEUER_SETTINGS`, as `batch[:cap],…`, or the ones worth trying by default.
    static func fromEnvironment() -> [Setting] {
      let text = ProcessInfo.processInfo.environment["HERALD_PGQUEUER_SETTINGS"] ?? "10,100,100:200,500:1000"
      return text.split(separator: ",").compactMap { item in
        let parts = item.split(separator: ":").compactMap { Int($0) }
        guard let batch = parts.first else { return nil }
        return Setting(batchSize: batch, maxConcurrentTasks: parts.count > 1 ? parts[1] : 0)
      }
    }
  }

  let python: URL
  let script: URL

  /// The venv and the script under the current directory (the package's root), or nil.
  static func locate() -> PgqueuerWorker? {
    let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    let venv =
      ProcessInfo.processInfo.environment["HERALD_PGQUEUER_VENV"]
      .map { URL(fileURLWithPath: $0) } ?? root.appendingPathComponent(".build/pgqueuer-venv")
    let worker = PgqueuerWorker(
      python: venv.appendingPathComponent("bin/python"),
      script: root.appendingPathComponent("scripts/pgqueuer/pgqueuer_bench.py"))
    let files = FileManager.default
    guard files.isExecutableFile(atPath: worker.python.path), files.fileExists(atPath: worker.script.path)
    else { return nil }
    return worker
  }

  /// Installs pgqueuer's schema into `url`'s database and enqueues `count` jobs in one batch.
  func prepare(_ url: PostgresURL, count: Int) throws {
    let process = try start(["prepare", url.description, "\(count)"], url: url)
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw BenchmarkFailure("pgqueuer prepare exited with \(process.terminationStatus)")
    }
  }

  func launch(_ url: PostgresURL, receiver: URL, setting: Setting) throws -> Process {
    try start(
      [
        "worker", url.description, receiver.absoluteString, "--batch-size", "\(setting.batchSize)",
        "--max-concurrent-tasks", "\(setting.maxConcurrentTasks)",
      ], url: url)
  }

  private func start(_ arguments: [String], url: PostgresURL) throws -> Process {
    let process = Process()
    process.executableURL = python
    process.arguments = [script.path] + arguments
    var environment = ProcessInfo.processInfo.environment
    // The URL's text leaves the password out.
    if let password = url.password { environment["PGPASSWORD"] = password }
    process.environment = environment
    process.standardOutput = FileHandle.nullDevice
    // Its errors (a missing module, a refused connection) are shown as they come.
    process.standardError = FileHandle.standardError
    try process.start()
    return process
  }
}

import Foundation

#if canImport(Glibc)
  import Glibc
#endif
import HeraldPostgres
import HeraldPostgresConnections
import HeraldTestSupport

/// A PostgreSQL server of a test's own (`.ci/postgres`), which it may crash and start again
/// without touching the server the other suites share.
final class OwnPostgres: Sendable {
  let url: PostgresURL
  let directory: String

  init() throws {
    let lines = try Self.script([]).split(separator: "\n").map(String.init)
    guard lines.count == 2 else { throw PostgresTestError("`.ci/postgres` printed \(lines)") }
    url = try PostgresURL(lines[0])
    directory = lines[1]
  }

  /// `pg_ctl stop -m immediate`: the server dies as in a crash; clients see their connections cut.
  func crash() throws { _ = try Self.script(["crash", directory]) }

  /// Starts it again on the same port with the same data.
  func start() throws { _ = try Self.script(["start", directory]) }

  func remove() { _ = try? Self.script(["stop", directory]) }

  /// Runs `.ci/postgres` with `arguments` and returns what it printed. Spawned and waited for by
  /// hand: the server it starts must not inherit the blocked signals of a test's thread (it would
  /// ignore `pg_ctl stop`), and Foundation's `Process` did not notice this script's end while such
  /// a server ran.
  private static func script(_ arguments: [String]) throws -> String {
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("ci-postgres-\(UUID()).out")
    defer { try? FileManager.default.removeItem(at: output) }
    let script = HeraldProcess.repositoryRoot.appendingPathComponent(".ci/postgres").path
    // What was committed survives a crash, as on a real server (the shared test server trades
    // that for speed).
    let environment = ProcessInfo.processInfo.environment.merging(
      ["HERALD_POSTGRES_SYNCHRONOUS_COMMIT": "on"]) { _, new in new }
    let status = try spawnAndWait(
      ["/bin/bash", script] + arguments, environment: environment.map { "\($0)=\($1)" }, output: output.path)
    guard status == 0 else {
      throw PostgresTestError(".ci/postgres \(arguments.first ?? "") exited \(status)")
    }
    return String(decoding: try Data(contentsOf: output), as: UTF8.self)
  }

  private static func spawnAndWait(_ arguments: [String], environment: [String], output: String) throws
    -> Int32
  {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.map { strdup($0) } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp)
    guard spawned == 0 else { throw PostgresTestError("could not start \(arguments[0]): error \(spawned)") }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1, errno == EINTR {}
    // WEXITSTATUS, by hand: Glibc's macro is not imported.
    return (status >> 8) & 0xff
  }
}

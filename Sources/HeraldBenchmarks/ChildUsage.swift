import Foundation
import HeraldSystem

#if canImport(Glibc)
  import Glibc
#endif

/// Runs a program to its end and reports what the kernel counted for it: wall time and peak
/// resident set (`wait4`'s `ru_maxrss`), the program's own and nothing of the benchmark's.
/// Foundation's `Process` reaps its children itself and gives no resource usage.
enum ChildUsage {
  struct Result {
    var status: Int32
    var seconds: Double
    var maximumResidentKB: Int
    var stderr: Data
  }

  /// Runs `executable` with `arguments`, its standard output into the file `stdout`.
  static func run(_ executable: String, _ arguments: [String], stdout: String) throws -> Result {
    let errors = stdout + ".stderr"
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    let argv = ([executable] + arguments).map { strdup($0) }
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    let clock = ContinuousClock()
    let started = clock.now
    let spawned = posix_spawn(&pid, executable, &actions, nil, argv + [nil], environ)
    guard spawned == 0 else {
      throw EnvironmentError(tried: "starting \(executable)", problem: String(cString: strerror(spawned)))
    }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 {
      guard errno == EINTR else {
        throw EnvironmentError(tried: "waiting for \(executable)", problem: String(cString: strerror(errno)))
      }
    }
    let seconds = started.duration(to: clock.now).inSeconds
    // An exit status is in the second byte; a signal that ended it, in the low seven bits.
    let code = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    return Result(
      status: code, seconds: seconds, maximumResidentKB: usage.ru_maxrss,
      stderr: (try? Data(contentsOf: URL(fileURLWithPath: errors))) ?? Data())
  }
}

import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A reference program (an independent implementation, usually Python) run to its end, and the
/// virtual environments under `.build/` that hold the pinned packages such programs import.
public enum ReferenceProgram {
  public struct Failure: Error, CustomStringConvertible {
    public var description: String
  }

  /// Runs a program with an argument vector; its standard output, or an error with its stderr.
  public static func run(_ executable: String, _ arguments: [String]) throws -> String {
    // Output to files, not pipes: a server another test starts meanwhile may inherit a pipe's
    // writing end and hold it open. The end is awaited with waitpid (Foundation's own watch was
    // seen to miss a child's end), ten minutes at most.
    let directory = FileManager.default.temporaryDirectory
    let outputFile = directory.appendingPathComponent("reference-\(UUID()).out")
    let errorFile = directory.appendingPathComponent("reference-\(UUID()).err")
    _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
    defer {
      try? FileManager.default.removeItem(at: outputFile)
      try? FileManager.default.removeItem(at: errorFile)
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.standardOutput = try FileHandle(forWritingTo: outputFile)
    process.standardError = try FileHandle(forWritingTo: errorFile)
    try process.start()
    let deadline = Date().addingTimeInterval(600)
    var raw: Int32 = 0
    var status: Int32?
    while status == nil {
      let reaped = waitpid(process.processIdentifier, &raw, WNOHANG)
      if reaped == process.processIdentifier {
        status = raw & 0x7f == 0 ? (raw >> 8) & 0xff : 128 + (raw & 0x7f)
      } else if reaped == -1, !process.isRunning {
        status = process.terminationStatus
      } else if Date() > deadline {
        process.terminate()
        throw Failure(description: "\(executable) \(arguments.first ?? "") did not end within 10 minutes")
      } else {
        usleep(50_000)
      }
    }
    let problem = (try? Data(contentsOf: errorFile)) ?? Data()
    guard status == 0 else {
      throw Failure(
        description:
          "\(executable) \(arguments.first ?? "") failed: \(String(decoding: problem, as: UTF8.self).suffix(300))"
      )
    }
    return String(decoding: (try? Data(contentsOf: outputFile)) ?? Data(), as: UTF8.self)
  }

  /// The Python of a venv at `.build/NAME` in which `check` (a Python statement, usually imports)
  /// runs, made with `packages` (pinned, from PyPI) when it does not yet.
  ///
  /// Call it once per venv and keep the result (a `static let`): two tests making one venv at the
  /// same time made one over the other, and pip was missing for one of them (seen in CI).
  public static func python(venv name: String, check: String, packages: [String]) throws -> String {
    let venv = HeraldProcess.repositoryRoot.appendingPathComponent(".build/\(name)").path
    let python = venv + "/bin/python"
    if (try? run(python, ["-c", check])) == nil {
      _ = try run("/usr/bin/env", ["python3", "-m", "venv", venv])
      _ = try run(venv + "/bin/pip", ["install", "--quiet"] + packages)
      _ = try run(python, ["-c", check])
    }
    return python
  }
}

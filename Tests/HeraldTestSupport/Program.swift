import Foundation

/// A program on `PATH` run to its end with an argument vector: its exit status and what it wrote
/// on standard output (standard error is dropped).
public enum Program {
  public struct Result: Sendable {
    public var status: Int32
    /// Standard output, without the blank space around it.
    public var output: String
  }

  /// Runs `name` (on `PATH`, or a path) with `arguments` (in `environment`, the test's own unless
  /// told) and waits.
  public static func run(
    _ name: String, _ arguments: [String], environment: [String: String]? = nil
  ) throws -> Result {
    let path = name.contains("/") ? URL(fileURLWithPath: name) : nil
    guard let executable = path ?? SessionBus.executable(name) else {
      throw SessionBus.Failure("\(name) not on PATH")
    }
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let environment { process.environment = environment }
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.start()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus,
      output: String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
  }
}

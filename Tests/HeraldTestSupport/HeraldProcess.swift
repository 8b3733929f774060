import Foundation
import HeraldCore

/// Runs the built `herald` executable as a user would, with an argument vector, and captures
/// what it prints: the CLI's end-to-end tests compare exact output.
public struct HeraldProcess {
  public struct Result: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
  }

  /// The directory holding the build's products (`.build/debug`), found from the test bundle.
  public static var productsDirectory: URL {
    var url = Bundle.main.bundleURL
    while url.path != "/" {
      if FileManager.default.fileExists(atPath: url.appendingPathComponent("herald").path) { return url }
      url = url.deletingLastPathComponent()
    }
    return Bundle.main.bundleURL
  }

  /// The `herald` the tests run: the build's, or `HERALD_EXECUTABLE` (to check that a test fails
  /// against an earlier build).
  public static var executable: URL {
    if let path = ProcessInfo.processInfo.environment["HERALD_EXECUTABLE"], !path.isEmpty {
      return URL(fileURLWithPath: path)
    }
    return productsDirectory.appendingPathComponent("herald")
  }

  /// The repository's root, for example files.
  public static let repositoryRoot: URL = {
    var url = URL(fileURLWithPath: #filePath)
    while url.path != "/",
      !FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path)
    {
      url = url.deletingLastPathComponent()
    }
    return url
  }()

  /// The zone every `herald` a test starts lives in: UTC−3:30 (−2:30 in summer), far from UTC and
  /// not a whole hour off, so a command that ignores the system zone cannot pass on a UTC machine.
  public static let timeZoneIdentifier = "America/St_Johns"

  /// The zone of `timeZoneIdentifier`, for expected local texts.
  public static var timeZone: Zone { Fixtures.zone(timeZoneIdentifier) }

  /// A `herald` process with `arguments`, in the repository and in `timeZoneIdentifier`, not started.
  public static func process(_ arguments: [String], environment: [String: String] = [:]) -> Process {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = repositoryRoot
    process.environment = ProcessInfo.processInfo.environment.merging(
      ["TZ": timeZoneIdentifier].merging(environment) { _, given in given }
    ) { _, given in given }
    return process
  }

  /// Runs `herald` with `arguments`, feeding `stdin`, and waits for it; `environment` adds to
  /// (or replaces variables of) this process's environment.
  public static func run(
    _ arguments: [String], stdin: String? = nil, environment: [String: String] = [:]
  ) throws -> Result {
    let process = process(arguments, environment: environment)
    let out = Pipe()
    let err = Pipe()
    let input = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = input
    try process.start()
    if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
    try input.fileHandleForWriting.close()
    // Read both pipes to the end before waiting, so a large output cannot fill a pipe and block.
    let stdoutData = out.fileHandleForReading.readDataToEndOfFile()
    let stderrData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, stdout: String(decoding: stdoutData, as: UTF8.self),
      stderr: String(decoding: stderrData, as: UTF8.self))
  }

  /// Runs `herald` with its standard output on `/dev/full` (every write fails: the disk is full).
  public static func runToDevFull(_ arguments: [String]) throws -> Result {
    let process = process(arguments)
    let full = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
    let err = Pipe()
    process.standardOutput = full
    process.standardError = err
    try process.start()
    let stderrData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    try full.close()
    return Result(
      status: process.terminationStatus, stdout: "", stderr: String(decoding: stderrData, as: UTF8.self))
  }

  /// Writes `text` to a new temporary file and returns its path.
  public static func temporaryFile(_ text: String, suffix: String = ".json") throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "herald-\(UUID().uuidString)\(suffix)")
    try Data(text.utf8).write(to: url)
    return url.path
  }
}

import Foundation
import HeraldTestSupport
import Testing

/// Every command of the README and the manuals in `docs/` runs as written, and prints what the
/// manual shows it printing (`DocsBlock` has the convention).
///
/// Each manual's commands run in order in one shell, in a directory of their own holding a copy of
/// `examples/`, with a fresh store (`HOME`, `XDG_DATA_HOME`), no desktop, no PostgreSQL, the
/// zone Europe/Berlin and the built `herald` first on `PATH`. `$HERALD_NOW` holds the clock at
/// one instant, Friday 2026-11-27 17:58:50 in Berlin, so that relative dates (`tomorrow 14:00`,
/// `+2h`) and what the commands print are the same on every run as in the manuals. A command
/// ending in `&` (a server) runs in the background, its output not compared; the next command
/// waits until its port (`--port`, else 8080) answers.
struct DocsCommandTests {
  static let now = "2026-11-27T16:58:50Z"

  static let manuals: [String] = {
    let docs = HeraldProcess.repositoryRoot.appendingPathComponent("docs")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: docs.path)) ?? []
    return ["README.md"] + names.filter { $0.hasSuffix(".md") }.sorted().map { "docs/\($0)" }
  }()

  static func blocks(_ manual: String) throws -> [DocsBlock] {
    let url = HeraldProcess.repositoryRoot.appendingPathComponent(manual)
    return try DocsBlock.blocks(of: String(contentsOf: url, encoding: .utf8), file: manual)
  }

  @Test(arguments: manuals)
  func everyCommandRunsAsWrittenAndPrintsWhatTheManualShows(manual: String) throws {
    let commands = try Self.blocks(manual).filter { $0.language == "sh" && $0.skipped == nil }
      .flatMap { try $0.commands() }
    guard !commands.isEmpty else { return }
    let results = try Self.run(commands)
    for (index, command) in commands.enumerated() {
      let place = "\(manual):\(command.line): \(command.text)"
      let result = try #require(index < results.count ? results[index] : nil, "\(place): did not run")
      let shown = Self.lines(command.output.joined(separator: "\n"))
      let fails = shown.first?.hasPrefix("error:") ?? false
      #expect((result.status != 0) == fails, "\(place): exit status \(result.status)\n\(result.output)")
      guard !shown.isEmpty else { continue }
      let printed = Self.lines(result.output)
      let same =
        printed.count == shown.count
        && zip(shown, printed).allSatisfy { DocsBlock.matches(shown: $0, printed: $1) }
      #expect(
        same,
        "\(place): printed\n\(printed.joined(separator: "\n"))\nbut the manual shows\n\(shown.joined(separator: "\n"))"
      )
    }
  }

  /// Commands are either run or skipped with a reason: none hides in a block of another language.
  @Test(arguments: manuals)
  func everyCommandIsRunOrSkippedWithAReason(manual: String) throws {
    for block in try Self.blocks(manual) {
      if block.language == "sh" {
        // A skipped block may be written as a reader types it; a run one follows the convention.
        if block.skipped == nil { _ = try block.commands() }
        continue
      }
      #expect(block.skipped == nil, "\(manual):\(block.line): only sh blocks are run or skipped")
      let command = block.lines.first {
        $0.hasPrefix("$ ") || $0.hasPrefix("herald ") || $0.hasPrefix("swift ")
      }
      #expect(
        command == nil, "\(manual):\(block.line): a command in a \(block.language) block: \(command ?? "")")
    }
  }

  @Test func theConventionReadsCommandsOutputAndPlaceholders() throws {
    let text = """
      <!-- docs-test: skip (needs a desktop) -->
      ```sh
      $ herald run
      ```
      ```sh
      $ herald task add --title A \\
          --due tomorrow
      t1
      $ herald token create laptop
      hrld_…
      ```
      """
    let blocks = try DocsBlock.blocks(of: text, file: "x.md")
    #expect(blocks.map(\.skipped) == ["needs a desktop", nil])
    let commands = try blocks[1].commands()
    #expect(
      commands.map(\.text) == [
        "herald task add --title A \\\n    --due tomorrow", "herald token create laptop",
      ])
    #expect(commands.map(\.output) == [["t1"], ["hrld_…"]])
    #expect(DocsBlock.matches(shown: "hrld_…", printed: "hrld_abc"))
    #expect(
      DocsBlock.matches(
        shown: "c1  vdir  /…/calendar  read …", printed: "c1  vdir  /tmp/x/calendar  read 12:00"))
    #expect(!DocsBlock.matches(shown: "hrld_…", printed: "token"))
    #expect(!DocsBlock.matches(shown: "t1", printed: "t2"))
    #expect(throws: DocsBlock.Problem.self) { try DocsBlock.blocks(of: "```\nherald\n```", file: "x.md") }
  }

  struct Result {
    var status: Int32
    var output: String
  }

  /// Runs `commands` in order in one shell (so `export` and variables carry over) and returns
  /// what each printed (standard output and error) and its exit status.
  static func run(_ commands: [DocsBlock.Command]) throws -> [Result] {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let work = URL(fileURLWithPath: directory.path("work"))
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: HeraldProcess.repositoryRoot.appendingPathComponent("examples"),
      to: work.appendingPathComponent("examples"))
    let marker = "\u{1E}"
    var script = "cd \(work.path)\n"
    for (index, command) in commands.enumerated() {
      script += "printf '\(marker)%s\\n' \(index)\n"
      if let port = backgroundPort(command.text) {
        script += "{\n\(command.text)\n} >/dev/null 2>&1\n"
        script +=
          "for _ in $(seq 200); do (exec 3<>/dev/tcp/127.0.0.1/\(port)) 2>/dev/null && break; sleep 0.1; done\n"
        script += "printf '\\n\(marker)status 0\\n'\n"
      } else {
        script += "{\n\(command.text)\n} 2>&1\nprintf '\\n\(marker)status %s\\n' $?\n"
      }
    }
    script += "kill $(jobs -p) 2>/dev/null; wait\n"
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = ["-c", script]
    process.currentDirectoryURL = work
    var environment = ProcessInfo.processInfo.environment
    for name in [
      "HERALD_DATABASE", "HERALD_POSTGRES_URL", "HERALD_TOKEN", "HERALD_CALENDAR_PASSWORD",
      "DBUS_SESSION_BUS_ADDRESS", "XDG_RUNTIME_DIR", "TOKEN",
    ] {
      environment[name] = nil
    }
    environment["HOME"] = directory.path("home")
    environment["XDG_DATA_HOME"] = directory.path("data")
    environment["TZ"] = "Europe/Berlin"
    environment["LC_ALL"] = "C.UTF-8"
    environment["HERALD_NOW"] = now
    environment["PATH"] =
      HeraldProcess.executable.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "")
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    process.standardInput = FileHandle.nullDevice
    try process.start()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    var results: [Result] = []
    for part in String(decoding: data, as: UTF8.self).components(separatedBy: marker).dropFirst() {
      if part.hasPrefix("status ") {
        let status = Int32(part.dropFirst(7).trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
        if !results.isEmpty { results[results.count - 1].status = status }
      } else {
        // "N\n" then what the command printed.
        let printed = part.drop { $0 != "\n" }.dropFirst()
        results.append(Result(status: -1, output: String(printed)))
      }
    }
    return results
  }

  /// The port a background command (`… &`, a comment allowed after it) listens on.
  static func backgroundPort(_ command: String) -> Int? {
    guard command.contains(/&\s*(#.*)?$/) else { return nil }
    if let match = command.firstMatch(of: /--port[ =]([0-9]+)/) { return Int(match.output.1) }
    return 8080
  }

  /// Lines (HTTP's header lines end in a carriage return too) without trailing blanks, and without
  /// empty lines at either end.
  static func lines(_ text: String) -> [String] {
    // A carriage return and line feed is one Character: split where any line ends.
    var lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map {
      String($0.reversed().drop { $0 == " " }.reversed())
    }
    while lines.last?.isEmpty == true { lines.removeLast() }
    while lines.first?.isEmpty == true { lines.removeFirst() }
    return lines
  }
}

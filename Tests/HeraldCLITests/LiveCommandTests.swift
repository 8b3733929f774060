import Foundation
import HeraldSystem
import HeraldRuntime
import HeraldCore
import HeraldInterchange
import HeraldTestSupport
import Testing

/// `herald live` end to end: the built executable reading a real database on the real clock.
@Suite struct LiveCommandTests {
  /// A database holding one block from `start` to `end` with a done and an open task.
  static func database(start: Date, end: Date, in directory: TemporaryDirectory) throws -> String {
    let scenario = """
      {
        "timeZone": "Europe/Berlin",
        "locale": "en",
        "focusBlocks": [
          { "id": "b1", "title": "Deep Work", "start": "\(RFC3339.utcString(start))",
            "end": "\(RFC3339.utcString(end))", "taskIDs": ["t1", "t2"] }
        ],
        "tasks": [
          { "id": "t1", "title": "Belege sortieren", "completed": true },
          { "id": "t2", "title": "Steuererklärung" }
        ]
      }
      """
    let path = directory.path("herald.sqlite")
    let imported = try HeraldProcess.run(["import", "--database", path, "-"], stdin: scenario)
    try #require(imported.status == 0, "import failed: \(imported.stderr)")
    return path
  }

  /// Whole seconds: the scenario format keeps no fraction.
  static var now: Date { Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down)) }

  @Test func onceShowsTheRunningBlock() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    // Given a 30-minute block that started 10 minutes ago: 20:00 left, 33 % gone.
    let now = Self.now
    let path = try Self.database(
      start: now.addingTimeInterval(-600), end: now.addingTimeInterval(1200), in: directory)
    let text = try HeraldProcess.run(["live", "--once", "--database", path])
    #expect(text.status == 0)
    #expect(text.stderr.isEmpty)
    // A slow machine may need a second or two before it reads the clock.
    let pattern = #/Deep Work · (20:00|19:5\d) left · Steuererklärung · 1/2 · 3[34]%\n/#
    #expect(text.stdout.wholeMatch(of: pattern) != nil, "\(text.stdout)")

    let waybar = try HeraldProcess.run(["live", "--once", "--format", "waybar", "--database", path])
    #expect(waybar.status == 0)
    let lines = waybar.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 2 && lines[1].isEmpty)
    let object = try JSONValue.parse(Data(lines[0].utf8))
    #expect(object["class"] == .string("focus"))
    #expect(object["tooltip"].map { "\($0)" }?.contains("1/2 done") == true)
  }

  @Test func onceWithNoBlockPrintsTheIdleLine() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("empty.sqlite")
    #expect(try HeraldProcess.run(["settings", "set", "locale", "de", "--database", path]).status == 0)
    let text = try HeraldProcess.run(["live", "--once", "--database", path])
    #expect(text.status == 0)
    // A fresh database speaks German; nothing is planned, so nothing is named next.
    #expect(text.stdout == "kein Focus Block läuft\n")
    let i3bar = try HeraldProcess.run(["live", "--once", "--format", "i3bar", "--database", path])
    #expect(i3bar.stdout == "{\"version\": 1}\n[\n[]\n")
  }

  @Test func streamsEachSecondAndEndsWithTheBlock() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    // Given a block ending ten seconds from now. A busy machine (CI runs every suite at once) may
    // spend several of them importing and starting, so what follows counts from the stream's first
    // line rather than from here.
    let now = Self.now
    let path = try Self.database(
      start: now.addingTimeInterval(-60), end: now.addingTimeInterval(10), in: directory)
    let run = try TimedRun(["live", "--database", path], timeout: 30)
    #expect(run.status == 0)
    #expect(run.lines.last?.text == "no focus block running")
    // A line without its parts is kept whole, to be shown by the expectations (not a crash).
    let countdown = run.lines.dropLast().map { line in
      line.text.split(separator: " · ").dropFirst().first.map(String.init) ?? line.text
    }
    #expect(countdown.last == "0:01 left")
    let first = try #require(countdown.first.flatMap(Self.secondsLeft), "\(countdown)")
    try #require(first >= 3, "the stream began with \(first) s left: too late to see it count")
    // A line for each second left…
    #expect((first - 1...first + 1).contains(countdown.count), "\(countdown)")
    // …each leaving the process when it was written, not in one buffer at exit.
    let firstToLast = (run.lines.last?.arrival ?? 0) - (run.lines.first?.arrival ?? 0)
    #expect(firstToLast > Double(first) - 1.5)
  }

  /// The seconds in a countdown such as "0:07 left".
  static func secondsLeft(_ text: String) -> Int? {
    guard let match = text.wholeMatch(of: #/(\d+):(\d\d) left/#),
      let minutes = Int(match.1), let seconds = Int(match.2)
    else { return nil }
    return minutes * 60 + seconds
  }

  @Test func inATerminalOneLineIsUpdatedInPlaceAndFitsTheWidth() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    // Given a block with a long title, ending nine seconds from now (a busy machine may spend
    // several of them importing and starting).
    let now = Self.now
    let scenario = """
      {
        "timeZone": "UTC", "locale": "en",
        "focusBlocks": [
          { "id": "b1", "title": "Quarterly planning with the whole team and all the guests",
            "start": "\(RFC3339.utcString(now.addingTimeInterval(-60)))",
            "end": "\(RFC3339.utcString(now.addingTimeInterval(9)))", "taskIDs": ["t1"] }
        ],
        "tasks": [ { "id": "t1", "title": "Steuererklärung" } ]
      }
      """
    let path = directory.path("herald.sqlite")
    let imported = try HeraldProcess.run(["import", "--database", path, "-"], stdin: scenario)
    try #require(imported.status == 0, "import failed: \(imported.stderr)")

    // When `herald live` writes to a terminal 40 columns wide…
    let output = try PseudoTerminal.run(["live", "--database", path], columns: 40)

    // …then each frame returns to the start of the same line and erases what is left of it; only
    // the end of the stream starts a new line.
    // (Bytes, not characters: "\r\n" is one character to Swift.)
    #expect(output.utf8.suffix(2).elementsEqual("\r\n".utf8), "\(output.debugDescription)")
    let body = String(decoding: output.utf8.dropLast(2), as: UTF8.self)
    #expect(!body.utf8.contains(UInt8(ascii: "\n")), "\(output.debugDescription)")
    let frames = body.utf8.split(separator: UInt8(ascii: "\r")).map { String(decoding: $0, as: UTF8.self) }
    #expect(frames.allSatisfy { $0.hasSuffix("\u{1B}[K") }, "\(frames)")
    let texts = frames.map { String($0.dropLast("\u{1B}[K".count)) }
    #expect((2...10).contains(texts.count), "\(texts)")
    // Each fits 40 columns (all characters here take one): the title gave way first.
    #expect(texts.allSatisfy { $0.count <= 40 }, "\(texts)")
    #expect(
      texts.dropLast().allSatisfy { $0.hasPrefix("Quarter… · 0:0") && $0.contains(" left") }, "\(texts)")
    #expect(texts.last == "no focus block running")
  }

  @Test func badOptionsAreOneLineAndANonZeroExit() throws {
    let format = try HeraldProcess.run(["live", "--format", "xml", "--once", "--database", "/nonexistent/x"])
    #expect(format.status != 0)
    #expect(format.stdout.isEmpty)
    #expect(format.stderr.hasPrefix("error: ") && format.stderr.filter { $0 == "\n" }.count == 1)
    let both = try HeraldProcess.run(["live", "--once", "--follow"])
    #expect(both.status != 0)
    #expect(both.stderr.contains("--once cannot go with --follow"))
  }
}

/// Runs `herald` and notes when each line of its output arrives; kills it after `timeout`
/// seconds so a stream that never ends fails the test instead of hanging it.
private struct TimedRun {
  var status: Int32
  var lines: [(text: String, arrival: Double)] = []

  init(_ arguments: [String], timeout: Double) throws {
    let process = HeraldProcess.process(arguments)
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.start()
    let watchdog = DispatchWorkItem { [process] in if process.isRunning { process.terminate() } }
    DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
    let started = ContinuousClock.now
    var arrived: [(text: String, arrival: Double)] = []
    out.fileHandleForReading.forEachLine { line in
      let elapsed = started.duration(to: .now)
      arrived.append(
        (line, elapsed.inSeconds))
    }
    lines = arrived
    process.waitUntilExit()
    watchdog.cancel()
    status = process.terminationStatus
  }
}

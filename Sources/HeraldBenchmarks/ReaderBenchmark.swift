import Foundation
import HeraldCore
import HeraldInterchange
import HeraldSystem

/// The readers at scale: a 200 MB GPX track (time and peak memory, in a fresh process that does
/// nothing else) and a 50 MB scenario read and planned.
struct ReaderBenchmark {
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent("herald-benchmark")

  /// The child's job name: `HeraldBenchmarks gpx-child PATH` reads one track and reports.
  static let childJob = "gpx-child"

  func run(track wantsTrack: Bool, scenario wantsScenario: Bool) throws {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    if wantsTrack { try track() }
    if wantsScenario { try scenario() }
  }

  /// Streams the track through `GPXReader` in a child process, three times; the child's peak
  /// resident set is the reader's whole footprint, runtime included.
  private func track() throws {
    let path = directory.appendingPathComponent("track-200mb.gpx").path
    if !FileManager.default.fileExists(atPath: path) {
      print("\nwriting \(path) (200 MB, once; reused by later runs)…")
      try Self.writeTrack(path, bytes: 200_000_000)
    }
    var seconds: [Double] = []
    var peaks: [Double] = []
    var fixes = 0
    for _ in 0..<3 {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
      process.arguments = [Self.childJob, path]
      let output = Pipe()
      process.standardOutput = output
      try process.start()
      let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      let fields = text.split(separator: " ").compactMap {
        Double($0.trimmingCharacters(in: .whitespacesAndNewlines))
      }
      guard process.terminationStatus == 0, fields.count == 3 else {
        throw EnvironmentError(tried: "reading \(path) in a child process", problem: text)
      }
      fixes = Int(fields[0])
      seconds.append(fields[1])
      peaks.append(fields[2])
    }
    let size = Double((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0) / 1e6
    print(
      String(
        format:
          "\nGPX track, %.0f MB, %d fixes: median %.2f s (%.0f MB/s), peak resident %.1f MB (target ≤ 10 s, ≤ 64 MB)",
        size, fixes, median(seconds), size / median(seconds), median(peaks) / 1024))
  }

  /// What the child does: read the track, counting fixes; print `fixes seconds peakKB`.
  static func readTrackInChild(_ path: String) -> Never {
    let clock = ContinuousClock()
    let started = clock.now
    var count = 0
    do {
      try GPXReader.read(InputFile(path: path, limit: GPXReader.largestFile), fix: { _ in count += 1 })
    } catch {
      print("error: \(error)")
      exit(1)
    }
    let elapsed = started.duration(to: clock.now).inSeconds
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    print("\(count) \(elapsed) \(usage.ru_maxrss)")
    exit(0)
  }

  /// A 1 Hz recording with elevation and an extension per point, as a GPS watch writes it.
  static func writeTrack(_ path: String, bytes: Int) throws {
    guard FileManager.default.createFile(atPath: path, contents: nil),
      let handle = FileHandle(forWritingAtPath: path)
    else { throw EnvironmentError(tried: "creating \(path)", problem: "cannot write there") }
    defer { try? handle.close() }
    try handle.write(
      contentsOf: Data(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="Herald benchmark" xmlns="http://www.topografix.com/GPX/1/1" \
        xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">
        <metadata><name>A year at 1 Hz</name></metadata>
        <trk><name>Benchmark</name><trkseg>

        """.utf8))
    var written = 0
    var second = 1_735_689_600  // 2025-01-01T00:00:00Z
    var chunk = ""
    while written < bytes {
      let step = Double(second % 86_400) / 86_400
      let point =
        "<trkpt lat=\"\(45.2 + step * 0.1)\" lon=\"\(13.7 + step * 0.1)\"><ele>\(200 + second % 50).0</ele>"
        + "<time>\(RFC3339.utcString(Date(timeIntervalSince1970: Double(second))))</time>"
        + "<extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>\(90 + second % 40)</gpxtpx:hr>"
        + "</gpxtpx:TrackPointExtension></extensions></trkpt>\n"
      chunk += point
      second += 1
      if chunk.utf8.count >= 1 << 20 {
        written += chunk.utf8.count
        try handle.write(contentsOf: Data(chunk.utf8))
        chunk = ""
      }
    }
    try handle.write(contentsOf: Data((chunk + "</trkseg></trk>\n</gpx>\n").utf8))
  }

  /// A 50 MB scenario (600 000 tasks and 10 000 blocks): read and plan, five times.
  private func scenario() throws {
    let document = Data(Self.scenarioDocument(tasks: 600_000, blocks: 10_000).utf8)
    let now = BenchmarkFixtures.now
    var seconds: [Double] = []
    var readSeconds: [Double] = []
    var pending = 0
    let clock = ContinuousClock()
    for _ in 0..<5 {
      let started = clock.now
      let state = try ScenarioDocument.decode(document)
      let read = clock.now
      let plan = Planner.plan(state, now: now, limits: .iOS)
      let done = clock.now
      pending = plan.pending.count
      readSeconds.append(started.duration(to: read).inSeconds)
      seconds.append(started.duration(to: done).inSeconds)
    }
    print(
      String(
        format:
          "scenario, %.1f MB (600 000 tasks, 10 000 blocks): read + plan median %.2f s (read %.2f s), %d pending (target ≤ 3 s)",
        Double(document.count) / 1e6, median(seconds), median(readSeconds), pending))
  }

  /// Tasks due over the next two years with titles of every script, blocks an hour each.
  static func scenarioDocument(tasks: Int, blocks: Int) -> String {
    var parts: [String] = []
    parts.reserveCapacity(tasks + blocks)
    let start = BenchmarkFixtures.now.timeIntervalSince1970
    for index in 0..<blocks {
      let from = Date(timeIntervalSince1970: start + Double(index) * 7200)
      parts.append(
        "{\"id\": \"b\(index)\", \"title\": \"Deep Work \(index)\", \"start\": \"\(RFC3339.string(from, offsetSeconds: 3600))\", "
          + "\"end\": \"\(RFC3339.string(from.addingTimeInterval(3600), offsetSeconds: 3600))\", \"taskIDs\": [\"t\(index)\"]}"
      )
    }
    let focusBlocks = parts.joined(separator: ",\n    ")
    parts.removeAll(keepingCapacity: true)
    for index in 0..<tasks {
      // A tenth of the instants have milliseconds, a seventh of the tasks are done.
      let due = Date(
        timeIntervalSince1970: start + Double(index % 60_000) * 1000 + (index % 10 == 0 ? 0.25 : 0))
      parts.append(
        "{\"id\": \"t\(index)\", \"title\": \"Steuer \(index)\", \"due\": \"\(RFC3339.string(due, offsetSeconds: 3600))\""
          + (index % 7 == 0 ? ", \"completed\": true}" : "}"))
    }
    return """
      {
        "timeZone": "Europe/Berlin", "locale": "de",
        "settings": {"dueDateAdvanceReminderEnabled": true, "focusBlockLeadMinutes": 5},
        "focusBlocks": [
          \(focusBlocks)
        ],
        "tasks": [
          \(parts.joined(separator: ",\n    "))
        ]
      }
      """
  }

  private func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
  }
}

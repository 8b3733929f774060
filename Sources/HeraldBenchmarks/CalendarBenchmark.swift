import Foundation
import HeraldSystem
import HeraldTestSupport

/// Job `calendar`: `herald plan --calendar` of a 52 MB export (100 000 events) in a fresh release
/// process each time, as a user runs it: median wall time and the child's peak resident set.
/// `CALENDAR_BASELINE_HERALD=PATH` runs an earlier build the same way, for comparison, and checks
/// that both print the same plan.
struct CalendarBenchmark {
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent("herald-benchmark")
  let runs = 5
  static let now = "2026-03-26T07:30:00+01:00"

  func run() throws {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let calendar = directory.appendingPathComponent("calendar-100k.ics").path
    if !FileManager.default.fileExists(atPath: calendar) {
      print("\nwriting \(calendar) (100 000 events, about 52 MB, once; reused by later runs)…")
      try CalendarExport.write(calendar, events: 100_000)
    }
    let scenario = directory.appendingPathComponent("calendar-scenario.json").path
    try Data(#"{"timeZone": "Europe/Berlin", "locale": "de", "focusBlocks": [], "tasks": []}"#.utf8)
      .write(to: URL(fileURLWithPath: scenario))
    let herald = HeraldProcess.productsDirectory.appendingPathComponent("herald").path
    guard FileManager.default.isExecutableFile(atPath: herald) else {
      throw EnvironmentError(tried: "finding \(herald)", problem: "swift build -c release --product herald")
    }
    let size = Double((try? FileManager.default.attributesOfItem(atPath: calendar)[.size] as? Int) ?? 0) / 1e6
    print("\nherald plan --calendar, a \(String(format: "%.1f", size)) MB export of 100 000 events, 14 days:")
    let ours = try measure(herald, scenario: scenario, calendar: calendar)
    print(ours.line("this build", target: true))
    if let baseline = ProcessInfo.processInfo.environment["CALENDAR_BASELINE_HERALD"], !baseline.isEmpty {
      let theirs = try measure(baseline, scenario: scenario, calendar: calendar)
      print(theirs.line("baseline \(baseline)", target: false))
      print("  same plan as the baseline: \(theirs.plan == ours.plan ? "yes" : "NO")")
    }
  }

  /// The figures of `runs` runs of one `herald`.
  struct Figures {
    var seconds: [Double]
    var peaksKB: [Int]
    var plan: Data
    var pending: Int

    func line(_ name: String, target: Bool) -> String {
      let time = seconds.sorted()[seconds.count / 2]
      let peak = Double(peaksKB.sorted()[peaksKB.count / 2]) / 1024
      let verdict = time <= 3 && peak <= 64 ? "PASS" : "FAIL"
      return "  \(name): median \(String(format: "%.2f", time)) s ("
        + seconds.map { String(format: "%.2f", $0) }.joined(separator: " / ") + "), peak resident "
        + String(format: "%.1f", peak) + " MB ("
        + peaksKB.map { String(format: "%.1f", Double($0) / 1024) }.joined(separator: " / ") + "); "
        + "\(pending) pending with no limit" + (target ? "; \(verdict) (target ≤ 3 s, ≤ 64 MB)" : "")
    }
  }

  /// `runs` timed runs of the command the issue names (iOS limits: 64 pending), then one with
  /// `--limits unlimited`, whose every block and task the baseline's plan must match.
  private func measure(_ herald: String, scenario: String, calendar: String) throws -> Figures {
    let output = directory.appendingPathComponent("calendar-plan.json").path
    let command = [
      "plan", "--scenario", scenario, "--now", Self.now, "--calendar", calendar, "--horizon-days", "14",
    ]
    var figures = Figures(seconds: [], peaksKB: [], plan: Data(), pending: 0)
    for run in 0...runs {
      let child = try ChildUsage.run(
        herald, command + (run == runs ? ["--limits", "unlimited"] : []), stdout: output)
      guard child.status == 0 else {
        throw EnvironmentError(
          tried: "\(herald) plan --calendar \(calendar)",
          problem: "exit \(child.status): \(String(decoding: child.stderr, as: UTF8.self))")
      }
      guard run < runs else { break }
      figures.seconds.append(child.seconds)
      figures.peaksKB.append(child.maximumResidentKB)
    }
    figures.plan = try Data(contentsOf: URL(fileURLWithPath: output))
    let document = try JSONSerialization.jsonObject(with: figures.plan) as? [String: Any]
    figures.pending = (document?["pending"] as? [Any])?.count ?? 0
    return figures
  }
}

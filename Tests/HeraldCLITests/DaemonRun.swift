import Foundation
import HeraldCore
import HeraldInterchange
import HeraldTestSupport

/// One run of `herald run`: every stdout line it printed until it was killed or stopped.
struct DaemonRun {
  var lines: [StreamingProcess.Line] = []
  var errorLines: [StreamingProcess.Line] = []
  var killed = false
  var status: Int32 = 0
  /// Seconds from the launch to the first delivery line, and to the "started" log line.
  var firstDeliveryAfter: Double?
  var startedAfter: Double?
  /// The queue's length when it started, as logged.
  var pendingAtStart: Int?
  /// Whether the first line was due before the launch: then `firstDeliveryAfter` is how long the
  /// restart took to resume.
  var firstWasOverdue = false

  /// Runs the daemon, adding the reminders it shows to `seen`, until `kill` says to SIGKILL it;
  /// with no kill, until everything in `all` has been seen, and then stops it with SIGTERM (at
  /// once after its start when everything was seen before it).
  init(
    _ arguments: [String], speed: Double, until kill: ChaosSchedule.Kill?, seen: inout Set<String>,
    deadline: Date, all: Set<String> = []
  ) async throws {
    let daemon = try StreamingProcess(arguments)
    let watchdog = daemon.kill(after: max(1, deadline.timeIntervalSinceNow))
    defer { watchdog.cancel() }
    var signalled = false
    switch kill {
    case .duringStartup(let milliseconds):
      signalled = true
      killed = true
      Task {
        try await Task.sleep(for: .milliseconds(milliseconds))
        daemon.kill()
      }
    case .afterStarted(let milliseconds):
      signalled = true
      killed = true
      Task {
        // Watching a log line, not waiting for a reminder: the kill must follow the take-over.
        while !daemon.standardError.contains(where: { $0.text.contains("started") }) {
          try await Task.sleep(for: .milliseconds(2))
        }
        try await Task.sleep(for: .milliseconds(milliseconds))
        daemon.kill()
      }
    case nil where seen.isSuperset(of: all):
      // Everything was shown before this run: it must start, show nothing again, and stop.
      signalled = true
      Task {
        while !daemon.standardError.contains(where: { $0.text.contains("started") }) {
          try await Task.sleep(for: .milliseconds(2))
        }
        // A moment for anything it would (wrongly) show again to come out.
        try await Task.sleep(for: .milliseconds(500))
        daemon.terminate()
      }
    default:
      break
    }
    for await line in daemon.lines {
      lines.append(line)
      let delivery = line.isComplete ? DeliveryReport.parse(line.text) : nil
      if let delivery { seen.insert(delivery.key) }
      if firstDeliveryAfter == nil {
        firstDeliveryAfter = line.arrival
        // The fast clock's reading at the launch, from when the line says it was shown.
        let launchedAt = delivery.map { $0.deliveredAt.addingTimeInterval(-line.arrival * speed) }
        firstWasOverdue = delivery.map { $0.fireDate < (launchedAt ?? .distantPast) } ?? false
      }
      guard !signalled else { continue }
      switch kill {
      case .afterDelivered(let target, let pause) where seen.count >= target:
        signalled = true
        killed = true
        if pause > 0 { try await Task.sleep(for: .microseconds(pause)) }
        daemon.kill()
      case nil where seen.isSuperset(of: all):
        signalled = true
        daemon.terminate()
      default:
        break
      }
    }
    status = await daemon.waitForExit()
    errorLines = daemon.standardError
    if let started = errorLines.first(where: { $0.text.contains("started") }) {
      startedAfter = started.arrival
      pendingAtStart = started.text.firstMatch(of: /pending=(\d+)/).flatMap { Int($0.1) }
    }
  }

  /// The index of the last line that was written whole.
  var lastCompleteLine: Int? { lines.lastIndex(where: \.isComplete) }

  var errorText: String { errorLines.suffix(20).map(\.text).joined(separator: "\n") }
}

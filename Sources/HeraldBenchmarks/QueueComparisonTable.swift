import Foundation

/// `compare`'s table: every case's figures, and under each of Herald's the targets of issue 17
/// with whether it meets them.
enum QueueComparisonTable {
  static let workerTarget = 0.1
  static let serverTarget = 0.03
  static let commitTarget = 0.05
  /// Herald with 2 workers is to deliver this many times pgqueuer's best rate of the same run.
  static let aim = 1.5

  static func render(_ results: [QueueMeasurement]) -> String {
    let best = results.filter { $0.side != "Herald" }.max { $0.rate < $1.rate }
    var rows = [
      [
        "queue", "workers", "setting", "deliveries/s", "worker CPU/delivery", "PostgreSQL CPU/delivery",
        "commits/delivery", "receiver CPU/delivery",
      ]
    ]
    for result in results {
      rows.append([
        result.side, "\(result.workers)", result.setting, "\(Int(result.rate.rounded()))",
        milliseconds(result.workerMillisecondsPerDelivery),
        milliseconds(result.serverMillisecondsPerDelivery),
        String(format: "%.3f", result.commitsPerDelivery),
        milliseconds(result.receiverMillisecondsPerDelivery),
      ])
      guard result.side == "Herald" else { continue }
      var rate = "—"
      if result.workers == 2, let best {
        let wanted = best.rate * aim
        rate = "≥ \(Int(wanted.rounded())) \(verdict(result.rate >= wanted))"
      }
      rows.append([
        "  target", "", "", rate,
        "≤ \(milliseconds(workerTarget)) \(verdict(result.workerMillisecondsPerDelivery <= workerTarget))",
        "≤ \(milliseconds(serverTarget)) \(verdict(result.serverMillisecondsPerDelivery <= serverTarget))",
        "≤ \(String(format: "%.3f", commitTarget)) \(verdict(result.commitsPerDelivery <= commitTarget))", "",
      ])
    }
    var text = table(rows)
    if let best {
      let herald = results.first { $0.side == "Herald" && $0.workers == 2 }
      text += "\npgqueuer's best: \(Int(best.rate.rounded()))/s (\(best.workers) workers, \(best.setting))"
      if let herald {
        text += String(
          format: "; Herald with 2 workers: %.2f× of it (aim %.1f×)", herald.rate / best.rate, aim)
      }
    }
    return text
  }

  static func verdict(_ passes: Bool) -> String { passes ? "PASS" : "FAIL" }

  static func milliseconds(_ value: Double) -> String { String(format: "%.3f ms", value) }

  private static func table(_ rows: [[String]]) -> String {
    let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
    return rows.map { cells in
      zip(cells, widths).enumerated().map { column, pair in
        let padding = String(repeating: " ", count: pair.1 - pair.0.count)
        // Names left-aligned, figures right-aligned.
        return column < 3 ? pair.0 + padding : padding + pair.0
      }.joined(separator: "  ")
    }.joined(separator: "\n")
  }
}

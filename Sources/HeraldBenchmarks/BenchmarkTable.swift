import Foundation

/// Prints rows as a fixed-width table.
enum BenchmarkTable {
  static func render(_ rows: [BenchmarkRow]) -> String {
    let header = ["job", "median", "p10–p90", "target", "", "naive median", "naive/ours", "n×iter"]
    let lines = rows.map { row in
      [
        row.job,
        format(row.ours.median),
        "\(format(row.ours.p10))–\(format(row.ours.p90))",
        "≤ " + format(row.targetNanoseconds),
        row.passes ? "PASS" : "FAIL",
        row.naive.map { format($0.median) } ?? "—",
        row.naive.map { String(format: "%.0f×", $0.median / row.ours.median) } ?? "—",
        "\(row.ours.nanoseconds.count)×\(row.ours.iterationsPerSample)",
      ]
    }
    let table = [header] + lines
    let widths = header.indices.map { column in table.map { $0[column].count }.max() ?? 0 }
    func line(_ cells: [String]) -> String {
      zip(cells, widths).enumerated().map { column, pair in
        let padding = String(repeating: " ", count: pair.1 - pair.0.count)
        // The job name is left-aligned, the figures right-aligned.
        return column == 0 ? pair.0 + padding : padding + pair.0
      }.joined(separator: "  ")
    }
    let rule = String(repeating: "-", count: widths.reduce(0, +) + 2 * (widths.count - 1))
    return ([line(header), rule] + lines.map(line)).joined(separator: "\n")
  }

  /// A duration in the unit that keeps three significant figures readable.
  static func format(_ nanoseconds: Double) -> String {
    switch nanoseconds {
    case ..<1_000: String(format: "%.0f ns", nanoseconds)
    case ..<1_000_000: String(format: "%.2f µs", nanoseconds / 1_000)
    case ..<1_000_000_000: String(format: "%.2f ms", nanoseconds / 1_000_000)
    default: String(format: "%.2f s", nanoseconds / 1_000_000_000)
    }
  }
}

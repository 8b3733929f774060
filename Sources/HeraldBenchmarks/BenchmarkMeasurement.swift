/// The per-iteration times of a job's samples, and the statistics the table shows.
struct BenchmarkMeasurement {
  /// Sorted ascending.
  let nanoseconds: [Double]
  let iterationsPerSample: Int

  init(nanosecondsPerIteration: [Double], iterationsPerSample: Int) {
    nanoseconds = nanosecondsPerIteration.sorted()
    self.iterationsPerSample = iterationsPerSample
  }

  var median: Double { percentile(0.5) }
  var p10: Double { percentile(0.1) }
  var p90: Double { percentile(0.9) }

  /// Nearest-rank percentile of the samples; an odd sample count gives the exact median.
  func percentile(_ fraction: Double) -> Double {
    guard !nanoseconds.isEmpty else { return .nan }
    let index = Int((Double(nanoseconds.count - 1) * fraction).rounded())
    return nanoseconds[index]
  }
}

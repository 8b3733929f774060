import HeraldSystem

/// A tiny benchmark harness on `ContinuousClock`: warm up, calibrate a batch size, then time
/// samples and keep their spread. Medians and ratios, because the machine is noisy.
struct BenchmarkHarness {
  /// The sum of every job's result: printed at the end, so the optimizer cannot drop the work.
  private(set) var checksum = 0
  private var counter = 0
  private let clock = ContinuousClock()

  /// Times `job` in `samples` batches of equal size, each batch lasting at least `minimumSampleTime`.
  ///
  /// `job` gets a running counter, so that it can vary its input between calls; it returns a value
  /// derived from its result, which goes into `checksum`.
  mutating func measure(
    samples: Int, warmUpBatches: Int = 2, minimumSampleTime: Duration = .milliseconds(4),
    _ job: (Int) -> Int
  ) -> BenchmarkMeasurement {
    var iterations = 1
    // Calibration doubles as the first warm-up: grow the batch until it is long enough to time.
    while iterations < 1 << 24 {
      let elapsed = time(iterations, job)
      if elapsed >= minimumSampleTime { break }
      let scale = elapsed > .zero ? Int((minimumSampleTime / elapsed).rounded(.up)) : 16
      iterations *= min(16, max(2, scale))
    }
    for _ in 0..<warmUpBatches { _ = time(iterations, job) }
    var perIteration: [Double] = []
    perIteration.reserveCapacity(samples)
    for _ in 0..<samples {
      perIteration.append(time(iterations, job).nanoseconds / Double(iterations))
    }
    return BenchmarkMeasurement(nanosecondsPerIteration: perIteration, iterationsPerSample: iterations)
  }

  private mutating func time(_ iterations: Int, _ job: (Int) -> Int) -> Duration {
    var sum = 0
    let start = clock.now
    for _ in 0..<iterations {
      counter &+= 1
      sum &+= job(counter)
    }
    let elapsed = start.duration(to: clock.now)
    checksum &+= sum
    return elapsed
  }
}

extension Duration {
  var nanoseconds: Double {
    inSeconds * 1e9
  }
}

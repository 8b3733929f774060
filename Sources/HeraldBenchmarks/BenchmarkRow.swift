import Foundation

/// One line of the results: our job against its target and against the spec samples' naive way.
struct BenchmarkRow {
  var job: String
  var ours: BenchmarkMeasurement
  /// The target for the median, in nanoseconds.
  var targetNanoseconds: Double
  var naive: BenchmarkMeasurement?

  var passes: Bool { ours.median <= targetNanoseconds }
}

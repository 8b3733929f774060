extension Duration {
  /// The duration in seconds, with its fraction: the one conversion every clock, benchmark and
  /// test that measures with `ContinuousClock` uses.
  public var inSeconds: Double {
    Double(components.seconds) + Double(components.attoseconds) / 1e18
  }
}

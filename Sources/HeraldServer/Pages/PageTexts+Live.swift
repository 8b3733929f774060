/// The live view's words beyond the countdown's: when the running block ends.
extension PageTexts {
  func endsAt(_ time: String) -> String { pick("endet um \(time)", "ends at \(time)") }
}

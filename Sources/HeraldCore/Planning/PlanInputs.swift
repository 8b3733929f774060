/// The parts of a user's data a kind's plan reads besides the settings, zone, language and the
/// time (which every kind reads): a change of any other part leaves the kind's reminders as they
/// are, so a store replans only the kinds a change can move (`Planner.kinds(affectedBy:)`).
/// A property test checks each kind's plan against its data with every other part taken away.
public struct PlanInputs: OptionSet, Sendable, Hashable {
  public let rawValue: UInt8
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  public static let focusBlocks = PlanInputs(rawValue: 1 << 0)
  public static let tasks = PlanInputs(rawValue: 1 << 1)
  /// The movement schedule and the movement log.
  public static let movement = PlanInputs(rawValue: 1 << 2)
  /// Every part: a change of the settings, the zone or the language, or of the data whole.
  public static let all: PlanInputs = [.focusBlocks, .tasks, .movement]
}

/// How long before a task's due date the advance reminder fires: the spec's five choices.
public enum AdvanceLeadTime: Int, Sendable, Codable, Hashable, CaseIterable {
  case fifteenMinutes = 15
  case thirtyMinutes = 30
  case oneHour = 60
  case twoHours = 120
  case oneDay = 1440

  public var minutes: Int { rawValue }
}

/// The category identifiers Herald uses; each names a kind of notification and its actions.
public enum NotificationCategory {
  public static let focusBlockStart = "focus-block-start"
  public static let dueDateMorning = "due-date-morning"
  public static let dueDateAdvance = "due-date-advance"
  public static let movement = "movement"
  public static let movementFollowUp = "movement-follow-up"
  public static let progressReport = "progress-report"
  public static let poi = "poi"
  public static let routeCompleted = "route-completed"
}

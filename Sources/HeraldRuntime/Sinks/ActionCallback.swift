import HeraldCore

/// Told when the user presses a notification's button.
public typealias ActionCallback = @Sendable (NotificationAction, PlannedNotification) async -> Void

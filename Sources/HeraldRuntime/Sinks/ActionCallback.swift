import HeraldCore

/// Told when the user presses a notification's button: which button, on the reminder in which
/// slot (`Delivery.slot`).
public typealias ActionCallback = @Sendable (_ action: NotificationAction, _ slot: String) async -> Void

import HeraldCore

/// Where the daemon shows notifications: the desktop, standard output, a webhook, a terminal.
/// A sink renders a `Delivery` as its medium needs and decides nothing about it.
///
/// A sink with a screen keeps what it shows by slot (`Delivery.slot`): a later delivery in the
/// same slot replaces it, and the daemon withdraws a slot once its answer is given.
public protocol DeliverySink: Sendable {
  /// The channel's name in the delivery log and on the History page: `desktop`, `stdout`,
  /// `terminal`, `webhook`, `push`.
  var channel: String { get }

  /// Shows one notification. Returning means it was handed over; throwing means it was not.
  func deliver(_ delivery: Delivery) async throws

  /// The daemon starts: take up what an earlier run left on screen. Default: nothing.
  func resume() async

  /// The answers of the reminders in `slots` were given: take them off the screen. Default: nothing.
  func withdraw(slots: [String]) async

  /// The daemon stops: leave no button on screen that nobody would hear. Default: nothing.
  func stop() async
}

extension DeliverySink {
  public func resume() async {}
  public func withdraw(slots: [String]) async {}
  public func stop() async {}
}

import Foundation

/// The reminder before a focus block starts (spec 000): one per block, owned by the block's
/// position in the state and found again by the block's id its request names.
public struct FocusBlockStartReminder: ReminderKind {
  /// The spec's prefix: a block's request id is `focus-block-start-{blockID}`.
  public static let identifierPrefix = "focus-block-start-"
  /// The spec's default lead time, in minutes.
  public static let defaultLeadMinutes = 5

  public init() {}

  /// The request id for a block.
  public static func identifier(forBlockID blockID: String) -> String { identifierPrefix + blockID }

  /// When the reminder fires: `minutesBefore` the start, or the start once that has passed;
  /// `nil` once the start has passed too.
  public static func fireDate(startDate: Date, minutesBefore: Int, now: Date) -> Date? {
    let notifyDate = startDate.addingTimeInterval(-Double(minutesBefore * 60))
    let fireDate = notifyDate > now ? notifyDate : startDate
    return fireDate > now ? fireDate : nil
  }

  /// The spec's `scheduleFocusBlockStartNotification`, as a pure function.
  ///
  /// Fires `minutesBefore` before the start; when that moment has passed, at the start itself; when
  /// the start has passed too, not at all. Firing at the start says "now", otherwise "soon".
  public static func request(
    blockID: String, blockTitle: String, startDate: Date,
    minutesBefore: Int = defaultLeadMinutes, now: Date, language: Language = .de
  ) -> PlannedNotification? {
    guard let fireDate = fireDate(startDate: startDate, minutesBefore: minutesBefore, now: now) else {
      return nil
    }
    let content = content(
      blockID: blockID, blockTitle: blockTitle, startsNow: fireDate == startDate,
      minutesBefore: minutesBefore,
      texts: Texts(language))
    return PlannedNotification(
      identifier: identifier(forBlockID: blockID), content: content, fireDate: fireDate, now: now)
  }

  /// "Starts soon" or "starts now", with the block's title.
  static func content(
    blockID: String, blockTitle: String, startsNow: Bool, minutesBefore: Int, texts: Texts
  ) -> NotificationContent {
    NotificationContent(
      title: startsNow ? texts.focusBlockNowTitle : texts.focusBlockSoonTitle,
      body: startsNow
        ? texts.focusBlockNowBody(blockTitle) : texts.focusBlockSoonBody(blockTitle, minutes: minutesBefore),
      sound: .default,
      interruptionLevel: .active,
      categoryIdentifier: NotificationCategory.focusBlockStart,
      threadIdentifier: NotificationCategory.focusBlockStart,
      userInfo: ["blockID": blockID])
  }

  // MARK: ReminderKind

  public var storedName: String { "focus-block-start" }

  public var reads: PlanInputs { .focusBlocks }

  public func plan(in context: PlanningContext, _ add: (Int, Date) -> Void) {
    let lead = context.settings.focusBlockLeadMinutes
    for (index, block) in context.state.focusBlocks.enumerated() {
      if let date = Self.fireDate(startDate: block.start, minutesBefore: lead, now: context.now) {
        add(index, date)
      }
    }
  }

  public func identifier(owner: Int, in context: PlanningContext) -> String {
    Self.identifier(forBlockID: context.state.focusBlocks[owner].id)
  }

  public func owner(ofIdentifier identifier: String, in context: PlanningContext) -> Int? {
    guard identifier.hasPrefix(Self.identifierPrefix) else { return nil }
    let id = identifier.dropFirst(Self.identifierPrefix.count)
    return context.state.focusBlocks.firstIndex { $0.id == id }
  }

  public func content(owner: Int, fireDate: Date, in context: PlanningContext) -> NotificationContent {
    content(owner: owner, fireDate: fireDate, in: context, title: \.self)
  }

  public func displayContent(owner: Int, fireDate: Date, in context: PlanningContext) -> NotificationContent {
    content(owner: owner, fireDate: fireDate, in: context) {
      DisplayText.shortened($0, toFit: DisplayText.titleLength)
    }
  }

  private func content(
    owner: Int, fireDate: Date, in context: PlanningContext, title: (String) -> String
  ) -> NotificationContent {
    let block = context.state.focusBlocks[owner]
    return Self.content(
      blockID: block.id, blockTitle: title(block.title), startsNow: fireDate == block.start,
      minutesBefore: context.settings.focusBlockLeadMinutes, texts: context.texts)
  }

  /// "Starts now" after "starts in N minutes" says the same thing twice: a plan made between the
  /// two (a restart, any edit) yields the second by the rule, but it is not shown once the first was.
  public func saidBefore(owner: Int, fireDate: Date, in context: PlanningContext) -> [DeliveryKey] {
    let block = context.state.focusBlocks[owner]
    let lead = context.settings.focusBlockLeadMinutes
    guard lead > 0, fireDate == block.start else { return [] }
    return [
      DeliveryKey(
        requestID: Self.identifier(forBlockID: block.id),
        fireDate: block.start.addingTimeInterval(-Double(lead * 60)))
    ]
  }
}

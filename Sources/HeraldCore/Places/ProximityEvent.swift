import Foundation

/// A notification raised by the proximity monitor (spec 004).
public struct ProximityEvent: Sendable, Hashable {
  public enum Kind: Sendable, Hashable {
    /// A point of interest was reached.
    case spot(spotID: String)
    /// Every point of interest of the route has been reached.
    case routeCompleted
  }

  public var kind: Kind
  /// The route walked.
  public var routeID: String
  /// The notification, firing at the reaching fix's time.
  public var notification: PlannedNotification

  /// What it records: the visit, or the completion, at the fix's time.
  public var effect: DeliveryEffect {
    switch kind {
    case .spot(let spotID): .placeVisited(routeID: routeID, spotID: spotID, at: notification.fireDate)
    case .routeCompleted: .routeCompleted(routeID: routeID, at: notification.fireDate)
    }
  }

  /// The notification's tap target.
  public var deepLink: MapDeepLink? {
    notification.content.userInfo["deepLink"].flatMap(MapDeepLink.init)
  }

  /// A point of interest reached at `date`: id `spot_{name}_{unixSeconds}`.
  static func spot(_ point: PointOfInterest, route: Route, at date: Date, texts: Texts) -> ProximityEvent {
    let link = MapDeepLink(routeID: route.id, spotID: point.id)
    let content = NotificationContent(
      title: texts.spotTitle, body: texts.spotBody(point.name), categoryIdentifier: NotificationCategory.poi,
      threadIdentifier: route.id,
      // The spot's id, never its coordinates: the payload may leave the device (spec 004, privacy).
      userInfo: ["type": "spot", "routeID": route.id, "spotID": point.id, "deepLink": link.description])
    return ProximityEvent(
      kind: .spot(spotID: point.id), routeID: route.id,
      notification: immediate("spot_\(point.name)_\(unixSeconds(date))", content, at: date))
  }

  /// The route completed at `date`: id `route_completed_{unixSeconds}`.
  static func routeCompleted(_ route: Route, at date: Date, texts: Texts) -> ProximityEvent {
    let link = MapDeepLink(routeID: route.id)
    let content = NotificationContent(
      title: texts.routeCompletedTitle,
      body: texts.routeCompletedBody(route.name, spots: route.waypoints.count),
      categoryIdentifier: NotificationCategory.routeCompleted, threadIdentifier: route.id,
      userInfo: ["type": "routeCompleted", "routeID": route.id, "deepLink": link.description])
    return ProximityEvent(
      kind: .routeCompleted, routeID: route.id,
      notification: immediate("route_completed_\(unixSeconds(date))", content, at: date))
  }

  /// Whole seconds since 1970, rounded down: the spec's `{timestamp}`.
  static func unixSeconds(_ date: Date) -> Int { Int(date.timeIntervalSince1970.rounded(.down)) }

  /// A notification to show at once (an interval of zero: the fix has just happened).
  private static func immediate(_ identifier: String, _ content: NotificationContent, at date: Date)
    -> PlannedNotification
  {
    PlannedNotification(
      request: NotificationRequest(
        identifier: identifier, content: content, trigger: .timeInterval(seconds: 0)),
      fireDate: date)
  }
}

import HeraldCore

extension RouteReplay {
  /// The output of `herald route replay` (`contracts/plan.md`), pretty-printed with a newline.
  public var document: String {
    let events: [JSONValue] = events.map { event in
      let notification = event.notification
      var members: [JSONValue.Member] = []
      switch event.kind {
      case .spot(let spotID):
        members = [
          .init("type", .string("spot")), .init("id", .string(notification.identifier)),
          .init("spotID", .string(spotID)),
        ]
      case .routeCompleted:
        members = [.init("type", .string("routeCompleted")), .init("id", .string(notification.identifier))]
      }
      members += [
        .init("at", .string(RFC3339.utcString(notification.fireDate))),
        .init("title", .string(notification.content.title)),
        .init("body", .string(notification.content.body)),
      ]
      return .object(members)
    }
    let document = JSONValue.object([
      .init("routeID", .string(routeID)), .init("visited", .number(Double(visited))),
      .init("events", .array(events)),
    ])
    return JSONWriter.string(document) + "\n"
  }
}

import Foundation
import HeraldCore
import HeraldInterchange

/// The message a push carries, in the declarative Web Push form (`contracts/push.md`, "What is
/// sent"): what WebKit shows without a script (iOS 18.4+), and what Herald's service worker reads
/// elsewhere.
public struct PushPayload: Sendable, Hashable {
  /// The reminder's own title and body, as `herald plan` gives them; shortened only to fit
  /// (`PushPayload+Fitting`).
  public var title: String
  public var body: String
  /// The reminder's page: opened on a tap.
  public var navigate: URL
  public var requestID: String
  public var language: Language
  /// Gentle (passive) reminders make no sound.
  public var silent: Bool
  public var buttons: [Button]
  public var category: String
  public var fireDate: Date
  public var interruptionLevel: InterruptionLevel
  public var late: Bool

  /// A button: its label in the user's language, what it does, and the link that does it.
  public struct Button: Sendable, Hashable {
    public var title: String
    public var action: ActionLink.Action
    public var navigate: URL
  }

  /// The payload of `delivery`, its links signed by `links`.
  public init(_ delivery: Delivery, links: PushLinks) {
    let notification = delivery.notification
    title = notification.content.title
    body = notification.content.body
    navigate = links.url(.open, for: notification)
    requestID = notification.identifier
    language = delivery.language
    silent = notification.content.interruptionLevel == .passive
    buttons = delivery.actions.map { action in
      let linkAction = ActionLink.Action(action)
      return Button(
        title: action.label(delivery.texts), action: linkAction,
        navigate: links.url(linkAction, for: notification))
    }
    category = notification.content.categoryIdentifier
    fireDate = notification.fireDate
    interruptionLevel = notification.content.interruptionLevel
    late = delivery.late
  }

  /// The JSON of the contract, keys in its order.
  public var json: JSONValue {
    .object([
      .init("web_push", .number(8030)),
      .init(
        "notification",
        .object([
          .init("title", .string(title)), .init("body", .string(body)),
          .init("navigate", .string(navigate.absoluteString)), .init("tag", .string(requestID)),
          .init("lang", .string(language.rawValue)), .init("silent", .bool(silent)),
          .init(
            "actions",
            .array(
              buttons.map {
                .object([
                  .init("title", .string($0.title)), .init("action", .string($0.action.rawValue)),
                  .init("navigate", .string($0.navigate.absoluteString)),
                ])
              })),
        ])),
      .init(
        "herald",
        .object([
          .init("id", .string(requestID)), .init("category", .string(category)),
          .init("fireDate", .string(RFC3339.utcString(fireDate))),
          .init("interruptionLevel", .string(interruptionLevel.rawValue)), .init("late", .bool(late)),
        ])),
    ])
  }

  /// The JSON as UTF-8 on one line, as encrypted.
  public var bytes: [UInt8] { JSONWriter.bytes(json, pretty: false) }
}

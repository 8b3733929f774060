import Foundation
import HeraldCore

/// One line of `herald run --sink stdout` (`contracts/plan.md`, "Delivery lines"): the request's
/// keys, plus when it was shown and whether it was late because the daemon was not running.
public enum DeliveryLine {
  /// The line's JSON object.
  public static func json(_ delivery: Delivery) -> JSONValue {
    guard case .object(var members) = PlanDocument.notification(delivery.notification, now: nil) else {
      return .null
    }
    members.append(.init("deliveredAt", .string(RFC3339.utcStringWithMilliseconds(delivery.deliveredAt))))
    members.append(.init("late", .bool(delivery.late)))
    return .object(members)
  }

  /// The line as printed: one JSON object, no line break inside.
  public static func text(_ delivery: Delivery) -> String { JSONWriter.string(json(delivery), pretty: false) }

  /// Reads a delivery line back (what a server's delivery stream carries: the line, plus the
  /// user's name and the language of its texts, which default to German). Keys it does not know
  /// are passed over, so a newer server's additions do not stop an older desktop. The trigger is
  /// not in the line: the notification read back fires at its `fireDate`.
  public static func parse(_ line: String) throws(FieldError) -> Delivery {
    let object = try ObjectReader(JSONValue.parse(Data(line.utf8)), path: "")
    let levelName = try object.requiredString("interruptionLevel")
    guard let level = InterruptionLevel(rawValue: levelName) else {
      throw FieldError("interruptionLevel", "unknown level \(JSONWriter.string(.string(levelName)))")
    }
    var sound: NotificationSound?
    if let name = try object.string("sound") {
      guard let known = NotificationSound(rawValue: name) else {
        throw FieldError("sound", "unknown sound \(JSONWriter.string(.string(name)))")
      }
      sound = known
    }
    var userInfo: [String: String] = [:]
    for member in try object.object("userInfo")?.allMembers ?? [] {
      guard case .string(let value) = member.value else {
        throw FieldError("userInfo.\(member.key)", "expected a string, got \(member.value.kindName)")
      }
      userInfo[member.key] = value
    }
    let content = NotificationContent(
      title: try object.requiredString("title"), body: try object.requiredString("body"), sound: sound,
      interruptionLevel: level, categoryIdentifier: try object.requiredString("category"), userInfo: userInfo)
    let fireDate = try object.requiredInstant("fireDate")
    let request = NotificationRequest(
      identifier: try object.requiredString("id"), content: content, trigger: .timeInterval(seconds: 0))
    var language = Language.de
    if let code = try object.string("language") {
      guard let known = Language(rawValue: code) else {
        throw FieldError("language", "unknown language \(JSONWriter.string(.string(code)))")
      }
      language = known
    }
    guard let late = try object.bool("late") else { throw FieldError("late", "required") }
    return Delivery(
      notification: PlannedNotification(request: request, fireDate: fireDate),
      deliveredAt: try object.requiredInstant("deliveredAt"), late: late, language: language)
  }
}

import Foundation
import HeraldInterchange

/// One delivery line of `herald run --sink stdout`, the fields this test reads.
struct DeliveredLine: Sendable {
  var id: String
  var fireDate: Date
  var deliveredAt: Date
  var late: Bool
  var interruptionLevel: String
  var title: String
  var style: String?

  /// The summary the desktop sink shows (English): the title, marked when late.
  var desktopTitle: String { late ? "\(title) (late)" : title }

  init?(_ text: String) {
    guard let object = try? JSONValue.parse(Data(text.utf8)),
      case .string(let id) = object["id"], case .string(let fire) = object["fireDate"],
      case .string(let shown) = object["deliveredAt"], case .bool(let late) = object["late"],
      case .string(let level) = object["interruptionLevel"], case .string(let title) = object["title"],
      let fireDate = RFC3339.parse(fire), let deliveredAt = RFC3339.parse(shown)
    else { return nil }
    self.id = id
    self.fireDate = fireDate
    self.deliveredAt = deliveredAt
    self.late = late
    self.interruptionLevel = level
    self.title = title
    if case .string(let style) = object["userInfo"]?["style"] { self.style = style }
  }
}

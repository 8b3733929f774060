import Foundation
import HeraldCore
import HeraldInterchange
import HeraldTestSupport

/// What the lines of all runs add up to.
struct DeliveryReport {
  struct Delivery {
    var key: String
    var fireDate: Date
    var deliveredAt: Date
    var late: Bool
  }

  struct Duplicate {
    var key: String
    var places: [(run: Int, line: Int)]
  }

  var firstShown = Set<String>()
  var duplicates: [Duplicate] = []
  var malformed: [String] = []
  var truncated = 0
  var lateCount = 0
  var lateButOnTime = 0
  var lineCount = 0

  init(runs: [DaemonRun]) {
    var places: [String: [(run: Int, line: Int)]] = [:]
    for (runIndex, run) in runs.enumerated() {
      for (lineIndex, line) in run.lines.enumerated() {
        guard line.isComplete else {
          if run.killed { truncated += 1 } else { malformed.append(line.text) }
          continue
        }
        lineCount += 1
        guard let delivery = Self.parse(line.text) else {
          malformed.append(line.text)
          continue
        }
        if delivery.late {
          lateCount += 1
          if delivery.deliveredAt <= delivery.fireDate { lateButOnTime += 1 }
        }
        places[delivery.key, default: []].append((runIndex, lineIndex))
      }
    }
    firstShown = Set(places.keys)
    duplicates = places.filter { $0.value.count > 1 }.map { Duplicate(key: $0.key, places: $0.value) }
      .sorted { $0.key < $1.key }
  }

  /// The key of a reminder: its request id and fire instant, as the lines print them.
  static func key(_ id: String, _ fireDate: String) -> String { "\(id) \(fireDate)" }

  /// A delivery line (`contracts/plan.md`): a JSON object with every key; `nil` when it is not one.
  static func parse(_ text: String) -> Delivery? {
    guard let object = try? JSONValue.parse(Data(text.utf8)),
      case .string(let id)? = object["id"], case .string(let fireDate)? = object["fireDate"],
      case .string(let deliveredAt)? = object["deliveredAt"], case .bool(let late)? = object["late"],
      let fire = RFC3339.parse(fireDate), let shown = RFC3339.parse(deliveredAt)
    else { return nil }
    let keys = ["category", "title", "body", "interruptionLevel", "sound", "userInfo"]
    guard keys.allSatisfy({ object[$0] != nil }) else { return nil }
    return Delivery(key: key(id, fireDate), fireDate: fire, deliveredAt: shown, late: late)
  }
}

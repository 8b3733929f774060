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

  /// What is wrong with the repeats of `runs` (this report's runs): a reminder is shown again only
  /// when a kill fell between showing and recording it — it is then the killed run's last line,
  /// and a later run shows it again, which may itself be killed the same way (CI once killed three
  /// runs in a row right after their first line). So a repeat costs a kill, and every showing but
  /// the last is a killed run's last line. Empty when all is well.
  func repeatProblems(_ runs: [DaemonRun]) -> [String] {
    var problems: [String] = []
    let repeats = duplicates.map { $0.places.count - 1 }.reduce(0, +)
    let killed = runs.filter(\.killed).count
    if repeats > killed { problems.append("\(repeats) repeats for \(killed) kills") }
    for duplicate in duplicates {
      let shown = duplicate.places.map { place in
        let run = runs[place.run]
        return "run \(place.run + 1) (\(run.killed ? "killed" : "stopped"), \(run.lines.count) lines) "
          + "line \(place.line + 1): \(run.lines[place.line].text)"
      }
      let explained = zip(duplicate.places, duplicate.places.dropFirst()).allSatisfy { earlier, later in
        runs[earlier.run].killed && earlier.line == runs[earlier.run].lastCompleteLine
          && later.run > earlier.run
      }
      if !explained {
        problems.append(
          "\(duplicate.key) shown \(duplicate.places.count) times: \(shown.joined(separator: "; "))")
      }
    }
    return problems
  }

  /// What `daemon` shows, a `requestID fireDate` line per delivery, until it shows `lastID` (then it
  /// is asked to stop) or its output ends.
  static func shown(by daemon: StreamingProcess, until lastID: String) async -> [String] {
    var shown: [String] = []
    for await line in daemon.lines {
      guard let delivery = parse(line.text) else { continue }
      let id = delivery.key.split(separator: " ").first.map(String.init) ?? ""
      shown.append("\(id) \(RFC3339.utcString(delivery.fireDate))")
      if id == lastID { daemon.terminate() }
    }
    return shown
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

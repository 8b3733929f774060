import Foundation
import HeraldCore

/// The scenario document of `contracts/plan.md`: a `PlanningState` written as JSON.
///
/// Reading checks everything the contract lists and refuses unknown keys; each error is one
/// `FieldError` whose field is the exact path (`tasks[3].due`).
public enum ScenarioDocument {
  /// The largest scenario file read (`plan --scenario`, `import`): read whole, with its JSON tree
  /// and the state beside it (a 50 MB document of 600 000 tasks takes about 345 MB resident), so
  /// 64 MiB keeps the largest benchmarked document (54 MB) and refuses `/dev/zero` in a moment.
  public static let largestFile = 64 << 20

  /// Reads a scenario document.
  public static func decode(_ data: Data, zones: any ZoneDatabase = SystemZones.shared) throws(FieldError)
    -> PlanningState
  {
    try decode(JSONValue.parse(data), zones: zones)
  }

  /// Reads a parsed scenario document.
  public static func decode(_ document: JSONValue, zones: any ZoneDatabase = SystemZones.shared)
    throws(FieldError) -> PlanningState
  {
    let root = try ObjectReader(document, path: "")
    try root.allowOnly(["timeZone", "locale", "settings", "focusBlocks", "tasks", "movement", "routes"])
    let zoneName = try root.requiredString("timeZone")
    let timeZone = try zones.zone(identifier: zoneName, field: "timeZone")
    let language = try root.string("locale").map { (name) throws(FieldError) in
      try Language(parsing: name)
    }
    return PlanningState(
      timeZone: timeZone,
      language: language ?? .de,
      settings: try root.object("settings").map(settings) ?? Settings(),
      focusBlocks: try elements(root, "focusBlocks", focusBlock),
      tasks: try elements(root, "tasks", task),
      movement: try root.object("movement").map(movement),
      routes: try root.array("routes").map { (_) throws(FieldError) in
        try elements(root, "routes", RouteDocument.decode)
      })
  }

  static func settings(_ object: ObjectReader) throws(FieldError) -> Settings {
    var settings = Settings()
    for member in object.allMembers {
      let field = object.field(member.key)
      guard let key = SettingKey(rawValue: member.key) else { throw FieldError(field, "unknown key") }
      let value: SettingKey.Value
      switch (settings[key], member.value) {
      case (.bool, .bool(let flag)): value = .bool(flag)
      case (.int, _): value = .int(try ObjectReader.integer(member.value, field: field, allowed: key.allowed))
      case (.time, .string(let text)): value = .time(try WallClockTime.parse(text, field: field))
      default:
        throw FieldError(
          field, "expected \(key.allowed), got \(JSONWriter.string(member.value, pretty: false))")
      }
      do { try settings.set(key, to: value) } catch { throw FieldError(field, error.problem) }
    }
    return settings
  }

  static func focusBlock(_ object: ObjectReader) throws(FieldError) -> FocusBlock {
    try object.allowOnly(["id", "title", "start", "end", "taskIDs"])
    let start = try object.requiredInstant("start")
    let end = try object.requiredInstant("end")
    try Validation.interval(start: start, end: end, field: object.field("end"))
    var taskIDs: [String] = []
    for (index, element) in (try object.array("taskIDs") ?? []).enumerated() {
      let field = object.field("taskIDs[\(index)]")
      guard case .string(let id) = element else { throw FieldError(field, "expected a non-empty string") }
      taskIDs.append(try Validation.identifier(id, field: field))
    }
    return FocusBlock(
      id: try Validation.identifier(object.requiredString("id"), field: object.field("id")),
      title: try object.title("title"), start: start, end: end, taskIDs: taskIDs)
  }

  /// One task written by `encode(_:in:)`; an error names the field under `path` (`tasks[3].due`).
  public static func decodeTask(_ text: String, path: String) throws(FieldError) -> TodoItem {
    try task(ObjectReader(JSONValue.parse(Data(text.utf8)), path: path))
  }

  static func task(_ object: ObjectReader) throws(FieldError) -> TodoItem {
    try object.allowOnly(["id", "title", "due", "completed"])
    return TodoItem(
      id: try Validation.identifier(object.requiredString("id"), field: object.field("id")),
      title: try object.title("title"), due: try object.instant("due"),
      completed: try object.bool("completed") ?? false)
  }

  /// The elements of an optional array of objects, each read by `read`, with unique ids.
  private static func elements<T: Identifiable<String>>(
    _ root: ObjectReader, _ key: String, _ read: (ObjectReader) throws(FieldError) -> T
  ) throws(FieldError) -> [T] {
    var seen = Set<String>()
    var result: [T] = []
    for (index, element) in (try root.array(key) ?? []).enumerated() {
      let path = root.field("\(key)[\(index)]")
      let item = try read(ObjectReader(element, path: path))
      guard seen.insert(item.id).inserted else {
        throw FieldError("\(path).id", "\(JSONWriter.string(.string(item.id))) is used twice")
      }
      result.append(item)
    }
    return result
  }
}

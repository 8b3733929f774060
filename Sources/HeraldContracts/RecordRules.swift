import HeraldCore

/// The rules every stored record obeys, whichever engine stores it: one place each, so the SQLite
/// store, the PostgreSQL document and a scenario imported into either refuse the same things with
/// the same words.
public enum RecordRules {
  /// The rules every stored task obeys; the core holds each of them.
  public static func check(_ task: TodoItem) throws(FieldError) {
    _ = try Validation.identifier(task.id)
    _ = try Validation.title(task.title)
    if let due = task.due { try Validation.instant(due, field: "due") }
  }

  /// The rules every stored block obeys; the core holds each of them.
  public static func check(_ block: FocusBlock) throws(FieldError) {
    _ = try Validation.identifier(block.id)
    _ = try Validation.title(block.title)
    try Validation.instant(block.start, field: "start")
    try Validation.instant(block.end, field: "end")
    try Validation.interval(start: block.start, end: block.end)
    for (index, taskID) in block.taskIDs.enumerated() {
      _ = try Validation.identifier(taskID, field: "taskIDs[\(index)]")
    }
  }

  /// The rules every stored route obeys (the core's `Route` checked the rest on creation).
  public static func check(_ route: Route) throws(FieldError) {
    _ = try Validation.identifier(route.id)
    _ = try Validation.title(route.name, field: "name")
    for (index, point) in route.waypoints.enumerated() {
      do {
        _ = try Validation.identifier(point.id)
        _ = try Validation.title(point.name, field: "name")
      } catch {
        throw error.prefixed("waypoints[\(index)]")
      }
    }
  }

  /// `record` as `change` edits it: an edit may change anything but the id.
  public static func edited<Record: Identifiable<String>>(_ record: Record, _ change: (inout Record) -> Void)
    throws(FieldError) -> Record
  {
    var edited = record
    change(&edited)
    try keepsID(edited.id, of: record.id)
    return edited
  }

  /// Refuses an edit of the record `original` that gives it the id `id`.
  public static func keepsID(_ id: String, of original: String) throws(FieldError) {
    guard id == original else { throw FieldError("id", "cannot be changed (\(original))") }
  }
}

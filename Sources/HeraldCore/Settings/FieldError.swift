/// Bad input, told as the field path, and what is wrong with its value.
///
/// Its description is the one-line message the CLI prints: `tasks[3].due: not an RFC 3339 date: "x"`.
public struct FieldError: Error, Sendable, Hashable, CustomStringConvertible {
  /// Where: a field path such as `settings.dueDateMorningReminderHour` or `tasks[3].due`.
  public var field: String
  /// What is wrong, with the value and what was expected.
  public var problem: String

  public init(_ field: String, _ problem: String) {
    self.field = field
    self.problem = problem
  }

  public var description: String { field.isEmpty ? problem : "\(field): \(problem)" }

  /// The same problem one level deeper: `prefixed("tasks[3]")` turns `due` into `tasks[3].due`.
  public func prefixed(_ parent: String) -> FieldError {
    guard !parent.isEmpty else { return self }
    if field.isEmpty { return FieldError(parent, problem) }
    return FieldError(field.hasPrefix("[") ? parent + field : parent + "." + field, problem)
  }

  /// The same problem inside a file: `/path/walk.gpx: <trkpt> 12: lat: ...`.
  public func inFile(_ path: String) -> FieldError {
    FieldError(field.isEmpty ? path : "\(path): \(field)", problem)
  }
}

/// A request named a record that is not there, or an id that is taken: `block b9: no such focus
/// block`, `task t1: already exists`. Not bad form (that is a `FieldError`): the input was fine, the
/// data is not what it assumed. The server answers these 404, and 409 for the others.
public struct RecordError: Error, Sendable, Hashable, CustomStringConvertible {
  public enum Reason: Sendable, Hashable {
    case notFound
    case alreadyExists
    /// The record is there but cannot do this here (a walk on a server without the user's location).
    case conflict
  }

  public var reason: Reason
  /// The record: `block b9`, `task t1`, `token laptop`.
  public var subject: String
  /// What is wrong: `no such focus block`, `already exists`.
  public var problem: String

  public init(_ reason: Reason, subject: String, problem: String) {
    self.reason = reason
    self.subject = subject
    self.problem = problem
  }

  public static func notFound(_ subject: String, _ problem: String) -> RecordError {
    RecordError(.notFound, subject: subject, problem: problem)
  }

  public static func alreadyExists(_ subject: String) -> RecordError {
    RecordError(.alreadyExists, subject: subject, problem: "already exists")
  }

  public var description: String { "\(subject): \(problem)" }
}

/// Something a store holds that its own reader refuses — written by an older release, or
/// damaged. The item is kept with what could be read of it (a due date that cannot be read is left
/// out), or left out when nothing useful remains (a block without its start), and this says what,
/// so that one damaged item never locks a user out of the rest: they see it, fix it or remove it.
public struct StoredProblem: Sendable, Hashable, CustomStringConvertible {
  public enum Kind: String, Sendable, Hashable {
    case task
    case focusBlock = "block"
  }

  public var kind: Kind
  public var id: String
  /// What could not be read; its field is the item's (`due`).
  public var problem: FieldError
  /// Whether the item was left out of the data (else it is kept without what could not be read).
  public var leftOut: Bool

  public init(kind: Kind, id: String, problem: FieldError, leftOut: Bool = false) {
    self.kind = kind
    self.id = id
    self.problem = problem
    self.leftOut = leftOut
  }

  /// `stored task t5: due: outside the instants Herald accepts: …; kept without it`.
  public var description: String {
    "stored \(kind.rawValue) \(id): \(problem); \(leftOut ? "left out" : "kept without it")"
  }
}

/// The tables whose rows carry a user-visible id, with the prefix of the ids Herald makes up.
public enum IdentifiedTable: String, Sendable {
  case focusBlock
  case task

  /// `b1`, `b2`, … for blocks; `t1`, `t2`, … for tasks.
  public var prefix: String { self == .focusBlock ? "b" : "t" }

  /// How errors name a row: `block b9`, `task t9`.
  public func subject(_ id: String) -> String { "\(self == .focusBlock ? "block" : "task") \(id)" }

  /// What is missing: `no such focus block`, `no such task`.
  public var missing: String { self == .focusBlock ? "no such focus block" : "no such task" }

  /// The most digits a made-up id's number has: any such number fits an `Int`, and one more.
  public static let maximumDigits = 17

  /// The number of `id` when it is a numbered id — the prefix, then a number of at most
  /// `maximumDigits` digits written as Herald writes one (ASCII, no leading zero) — and `nil`
  /// otherwise. Only these count when the next id is made up: among them a larger number is a
  /// longer id, or as long and after it byte by byte, so SQL finds the largest through an index
  /// (`numberedCondition`, `PlanningState.numberedTaskIDPattern`) rather than reading every id.
  public func number(of id: String) -> Int? {
    guard id.utf8.starts(with: prefix.utf8) else { return nil }
    let digits = id.utf8.dropFirst(prefix.utf8.count)
    guard (1...Self.maximumDigits).contains(digits.count), digits.first != UInt8(ascii: "0"),
      digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
    else { return nil }
    return digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
  }

  /// The id to make up next: the prefix and one more than the largest number of a numbered id
  /// among `ids` (the SQLite and PostgreSQL engines give this rule the largest
  /// alone). It is free: an id equal to it would be numbered, and larger than the largest.
  public func next(after ids: [String]) -> String {
    prefix + String((ids.compactMap(number(of:)).max() ?? 0) + 1)
  }
}

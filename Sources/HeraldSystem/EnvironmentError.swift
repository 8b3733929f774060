/// Something outside Herald failed: a program is missing, a server answered with an error, a bus
/// or a file cannot be reached. Not bad input, so it names no field: it says what was tried, what
/// went wrong, and what the user can do.
///
/// Its description is one line: `starting the desktop sink: no session bus; run it under dbus-run-session`.
public struct EnvironmentError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What Herald tried: `showing a notification`, `POST to http://…`, `opening /path/herald.sqlite`.
  public var tried: String
  /// What went wrong.
  public var problem: String
  /// What to do about it, when there is something to say.
  public var remedy: String?

  public init(tried: String, problem: String, remedy: String? = nil) {
    self.tried = tried
    self.problem = problem
    self.remedy = remedy
  }

  public var description: String {
    "\(tried): \(problem)" + (remedy.map { "; \($0)" } ?? "")
  }
}

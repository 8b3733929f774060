/// How `startWalk` went.
public enum WalkStart: Sendable, Hashable {
  /// A new walk began: nothing reached yet.
  case started
  /// The route's walk was under way already and goes on as it was.
  case resumed
}

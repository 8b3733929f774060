/// How `importRoute` changed the store.
public enum RouteImport: Sendable, Hashable {
  /// A route with a new id.
  case added
  /// A route with this id existed and was replaced; a walk under way on it goes on.
  case replaced
}

import Foundation

/// What to do to the shown activity; the meaning of ActivityKit's request, update and end.
public enum FocusActivityTransition: Sendable, Hashable {
  case start(FocusActivity)
  case update(FocusActivityContentState)
  case end(FocusActivityAttributes)
}

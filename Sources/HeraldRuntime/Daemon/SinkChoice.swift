import Foundation

/// A place the daemon shows notifications, as chosen by the user.
public enum SinkChoice: Sendable, Hashable {
  /// The freedesktop notification service.
  case desktop
  /// One JSON line per notification on standard output.
  case stdout
  /// A POST of the same JSON line to this http(s) URL.
  case webhook(URL)
}

/// What became of a reminder that came due.
public enum DeliveryStatus: String, Sendable, Hashable, CaseIterable {
  /// Shown, on time or late.
  case delivered
  /// Not shown: its time had passed too long ago.
  case missed
}

import Foundation

/// Which location fixes the proximity monitor may see, whatever their source.
///
/// A fix that is too vague is ignored: a cell-tower position 1 500 m wide can fall on a point of
/// interest the user is nowhere near (the anchors' false ENTER). So is one older than the last fix
/// taken, which a source replaying or reconnecting may send.
public struct LocationFixFilter: Sendable {
  /// The default worst horizontal accuracy taken, in metres.
  public static let defaultMaximumAccuracy = 50.0

  /// Fixes whose horizontal accuracy is worse (larger) than this are ignored. A fix that states no
  /// accuracy (a GPX track point) is taken.
  public let maximumAccuracy: Double
  /// The time of the last fix taken.
  public private(set) var lastTimestamp: Date?

  /// Why a fix was not taken.
  public enum Rejection: Sendable, Hashable, CustomStringConvertible {
    case tooVague(accuracy: Double, maximum: Double)
    case backwards(time: Date, last: Date)

    public var description: String {
      switch self {
      case .tooVague(let accuracy, let maximum):
        "horizontal accuracy \(accuracy) m is worse than \(maximum) m"
      case .backwards(let time, let last):
        "its time \(time.timeIntervalSince1970) is before the last fix's \(last.timeIntervalSince1970)"
      }
    }
  }

  /// A filter taking fixes up to `maximumAccuracy` metres of horizontal error.
  public init(maximumAccuracy: Double = defaultMaximumAccuracy) {
    self.maximumAccuracy = maximumAccuracy
  }

  /// Takes `fix` (and remembers its time), or says why not.
  public mutating func admit(_ fix: LocationFix) -> Rejection? {
    if let accuracy = fix.horizontalAccuracy, !(0...maximumAccuracy).contains(accuracy) {
      return .tooVague(accuracy: accuracy, maximum: maximumAccuracy)
    }
    if let lastTimestamp, fix.timestamp < lastTimestamp {
      return .backwards(time: fix.timestamp, last: lastTimestamp)
    }
    lastTimestamp = fix.timestamp
    return nil
  }
}

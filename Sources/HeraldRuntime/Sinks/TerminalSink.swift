import Foundation
import HeraldContracts
import HeraldCore

/// Prints each delivery as a line a person reads: local time, style, title and body.
public struct TerminalSink: DeliverySink {
  public var channel: String { "terminal" }

  private let zones: any TimeZoneSource
  private let write: @Sendable (String) -> Void

  public init(zones: any TimeZoneSource, write: @escaping @Sendable (String) -> Void) {
    self.zones = zones
    self.write = write
  }

  public func deliver(_ delivery: Delivery) async throws {
    write(Self.line(delivery, zone: try zones.current()) + "\n")
  }

  /// `09:55  urgent    Noch nicht bewegt? — Deine letzte Bewegungspause steht noch aus.`
  public static func line(_ delivery: Delivery, zone: Zone) -> String {
    let time = zone.time(at: delivery.notification.fireDate)
    let style = delivery.style.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)
    // A terminal line: no control character of a title reaches the terminal.
    let text = "\(delivery.displayTitle) — \(delivery.displayContent.body)"
    return "\(time)  \(style)  \(DisplayText.printable(text, singleLine: true))"
  }
}

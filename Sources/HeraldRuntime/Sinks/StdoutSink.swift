import Foundation
import HeraldCore
import HeraldInterchange

/// Prints each delivery as one JSON line on standard output (`contracts/plan.md`); stdout carries
/// nothing else, so a pipe reader can parse every line.
public struct StdoutSink: DeliverySink {
  public var channel: String { "stdout" }

  private let write: @Sendable (String) -> Void

  /// Writes to the process's standard output, unbuffered: the line is out when `deliver` returns.
  public init() {
    self.init { line in FileHandle.standardOutput.write(Data(line.utf8)) }
  }

  /// Writes through `write` (tests collect the lines).
  public init(write: @escaping @Sendable (String) -> Void) {
    self.write = write
  }

  public func deliver(_ delivery: Delivery) async throws {
    write(DeliveryLine.text(delivery) + "\n")
  }
}

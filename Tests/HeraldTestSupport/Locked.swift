import Foundation

/// A value several threads and tasks read and change, behind a lock: a counter a server's threads
/// bump, an instant one of them notes, a process a test replaces.
public final class Locked<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Value

  public init(_ value: Value) { stored = value }

  public var value: Value {
    get { lock.withLock { stored } }
    set { lock.withLock { stored = newValue } }
  }

  /// Changes the value in place, atomically.
  public func update(_ change: (inout Value) -> Void) { lock.withLock { change(&stored) } }
}

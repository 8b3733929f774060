import Foundation

/// Writes lines to standard output unbuffered, from any task.
public final class Console: Sendable {
  public init() {}

  public var write: @Sendable (String) -> Void {
    { text in FileHandle.standardOutput.write(Data(text.utf8)) }
  }
}

import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// How `herald live` shows its frames. On a terminal one line is rewritten in place (carriage
/// return, the frame, erase to the end of the line) and fits the terminal's width; on a pipe or a
/// file, as a bar or a script reads it, each frame is a line of its own.
public struct LiveOutput: Sendable {
  /// The file descriptor written to.
  public let descriptor: Int32
  /// Whether it is a terminal.
  public let isTerminal: Bool

  /// Writes to `descriptor` (standard output unless told).
  public init(descriptor: Int32 = STDOUT_FILENO) {
    self.descriptor = descriptor
    isTerminal = isatty(descriptor) == 1
  }

  /// The terminal's width in columns, read now (it can be resized); `nil` when not a terminal.
  public func width() -> Int? {
    guard isTerminal else { return nil }
    var size = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
  }

  /// The bytes that show `frame`: in place on a terminal, else as a line.
  public func bytes(for frame: String) -> String {
    isTerminal ? "\r" + frame + "\u{1B}[K" : frame + "\n"
  }
}

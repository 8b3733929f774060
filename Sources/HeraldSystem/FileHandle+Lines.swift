import Foundation

extension FileHandle {
  /// Reads to the end, blocking, and hands over each line (without its line break) as soon as it
  /// arrives; bytes left without a line break at the end go to `unterminated`.
  ///
  /// For pipes from child processes (`dbus-monitor`, a daemon under test): call it
  /// on a thread of its own, never in a task, because it blocks until the writer closes.
  ///
  /// A line longer than `maximumLength` bytes is not held: `overlong` is told once, and its bytes
  /// are dropped up to the next line break, so an input without line breaks takes bounded memory.
  public func forEachLine(
    _ body: (String) -> Void, unterminated: (String) -> Void = { _ in }, maximumLength: Int = .max,
    overlong: () -> Void = {}
  ) {
    var pending = Data()
    var dropping = false
    while case let chunk = availableData, !chunk.isEmpty {
      pending.append(chunk)
      while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
        if !dropping, newline - pending.startIndex <= maximumLength {
          body(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
        } else if !dropping {
          overlong()
        }
        dropping = false
        pending = Data(pending[(newline + 1)...])
      }
      if pending.count > maximumLength {
        if !dropping { overlong() }
        dropping = true
        pending.removeAll()
      }
    }
    if !pending.isEmpty, !dropping { unterminated(String(decoding: pending, as: UTF8.self)) }
  }
}

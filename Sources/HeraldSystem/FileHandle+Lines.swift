import Foundation

extension FileHandle {
  /// Reads to the end, blocking, and hands over each line (without its line break) as soon as it
  /// arrives; bytes left without a line break at the end go to `unterminated`.
  ///
  /// For pipes from child processes (`dbus-monitor`, a daemon under test): call it
  /// on a thread of its own, never in a task, because it blocks until the writer closes.
  public func forEachLine(_ body: (String) -> Void, unterminated: (String) -> Void = { _ in }) {
    var pending = Data()
    while case let chunk = availableData, !chunk.isEmpty {
      pending.append(chunk)
      while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
        body(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
        pending = Data(pending[(newline + 1)...])
      }
    }
    if !pending.isEmpty { unterminated(String(decoding: pending, as: UTF8.self)) }
  }
}

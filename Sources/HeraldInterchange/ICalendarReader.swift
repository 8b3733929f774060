import Foundation
import HeraldCore

/// Reads an iCalendar file (RFC 5545, UTF-8) strictly: every line must be a content line, every
/// `BEGIN` closed by its `END`, and the file must hold at least one whole `VCALENDAR` — a damaged
/// or cut-off file is an error, never read as a shorter valid one.
///
/// It reads as a stream, in chunks, and hands each top-level component to an `ICalendarHandler`
/// as soon as it is closed; reading into memory (`read(_:path:)`) is one such handler. Errors name
/// the file, the physical line, the component's `UID` when it is known, and the problem.
public enum ICalendarReader {
  typealias Source = ByteSource

  static let chunkSize = 1 << 16

  /// The largest iCalendar file read (`plan --calendar`, a followed file or a vdir item). Streamed
  /// for a plan, its size costs time, not memory; a followed calendar keeps its copy in the
  /// database. 256 MiB is five times the benchmark's export of 100 000 events (52 MB): a
  /// calendar of decades, but not `/dev/zero`.
  public static let largestFile = 256 << 20

  /// The file's `VCALENDAR` components, all in memory; errors start with `path`.
  public static func read(_ data: Data, path: String) throws(FieldError) -> [ICalendarComponent] {
    var tree = ICalendarTree()
    try read(data, path: path, into: &tree)
    return tree.calendars
  }

  /// Reads `data` as a file at `path`, handing its components to `handler`.
  public static func read(_ data: Data, path: String, into handler: inout some ICalendarHandler)
    throws(FieldError)
  {
    try read(path: path, source: ByteSources.data(data), into: &handler)
  }

  /// Reads `file` in chunks, handing its components to `handler`; errors start with its path.
  public static func read(_ file: InputFile, into handler: inout some ICalendarHandler) throws(FieldError) {
    try read(
      path: file.path, source: { (buffer) throws(FieldError) in try file.read(into: buffer) }, into: &handler)
  }

  /// The one reading: unfold, read each line, nest the components.
  ///
  /// A problem in a line or in the nesting is kept while the rest of the file is unfolded, since
  /// a line that cannot be unfolded (an empty one, a stray continuation) is reported first, as
  /// for a file unfolded whole before it is read; nothing more reaches `handler` after it.
  static func read(path: String, source: Source, into handler: inout some ICalendarHandler)
    throws(FieldError)
  {
    var unfolder = ICalendarUnfolder()
    var stack = ICalendarComponentStack()
    var problem: ICalendarProblem?
    func take(_ line: ICalendarLineParser.Unfolded) {
      guard problem == nil else { return }
      do {
        try stack.take(line, into: &handler)
      } catch {
        problem = error
      }
    }
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 1)
    defer { buffer.deallocate() }
    while true {
      let count = try source(buffer)
      guard count > 0 else { break }
      do {
        try unfolder.feed(UnsafeRawBufferPointer(rebasing: buffer[..<count]), take)
      } catch {
        throw error.inFile(path)
      }
    }
    do {
      try unfolder.finish(take)
    } catch {
      throw error.inFile(path)
    }
    if problem == nil {
      do {
        try stack.finish()
      } catch {
        problem = error
      }
    }
    if let problem { throw problem.inFile(path) }
  }
}

import Foundation
import HeraldCore

/// Reads GPX as a stream: each waypoint and each track point with a time is handed over as it is
/// read, so a year-long track is read in bounded memory.
///
/// A file counts only when it ends properly (`</gpx>`); one cut off in the middle is an error,
/// never a shorter valid route or track. Errors name the element and the problem
/// (`<trkpt> 12: lat: 95.0 is outside −90…90 (line 40)`).
public enum GPXReader {
  /// The largest GPX track file read. Read as a stream its size costs time, not memory (about
  /// 54 MB/s: 1 GiB in some 20 s; the benchmark's 200 MB track is well within); a document read
  /// into memory (`GPXDocument`, `--location gpx:`) keeps every fix, about a fifth of the file.
  public static let largestFile = 1 << 30

  /// Reads `file`, calling `waypoint` for every `<wpt>` and `fix` for every `<trkpt>` with a
  /// `<time>`, in document order; returns the document's name. Errors start with the file's path.
  @discardableResult
  public static func read(
    _ file: InputFile, waypoint: (GPXDocument.Waypoint) -> Void = { _ in },
    fix: (LocationFix) -> Void = { _ in }
  ) throws(FieldError) -> String? {
    do {
      return try read(source: { (buffer) throws(FieldError) in try file.read(into: buffer) }, waypoint, fix)
    } catch {
      throw error.inFile(file.path)
    }
  }

  /// Reads GPX from memory, as `read(_:waypoint:fix:)` reads a file.
  @discardableResult
  public static func read(
    _ data: Data, waypoint: (GPXDocument.Waypoint) -> Void = { _ in }, fix: (LocationFix) -> Void = { _ in }
  ) throws(FieldError) -> String? {
    return try read(source: ByteSources.data(data), waypoint, fix)
  }

  /// Reads from any byte source (the fuzzer feeds one byte at a time to test chunk edges).
  static func readForTesting(
    source: @escaping XMLTokenizer.Source, fix: (LocationFix) -> Void
  ) throws(FieldError) -> String? {
    try read(source: source, { _ in }, fix)
  }

  private static func read(
    source: @escaping XMLTokenizer.Source, _ waypoint: (GPXDocument.Waypoint) -> Void,
    _ fix: (LocationFix) -> Void
  ) throws(FieldError) -> String? {
    try withoutActuallyEscaping(waypoint) { waypoint throws(FieldError) in
      try withoutActuallyEscaping(fix) { fix throws(FieldError) in
        var tokenizer = XMLTokenizer(source: source)
        defer { tokenizer.close() }
        var handler = GPXHandler(waypoint: waypoint, fix: fix)
        try tokenizer.run(&handler)
        return handler.documentName
      }
    }
  }
}

import Foundation
import GRDB

/// User text (titles) kept whole in SQLite, NUL characters included.
///
/// GRDB binds a Swift `String` as a C string and reads one back with `String(cString:)`, so a
/// title with a NUL would end there: "a\u{0}b" stored as "a". Text with a NUL is therefore bound
/// as a BLOB of its UTF-8 bytes, and every title is read as bytes, whichever way it was stored.
/// Ids need none of this: they may not contain control characters (`Validation.identifier`).
enum StoredText {
  /// The value to bind for `text`: TEXT as usual, a BLOB of its UTF-8 when it holds a NUL.
  static func value(_ text: String) -> DatabaseValue {
    text.utf8.contains(0) ? Data(text.utf8).databaseValue : text.databaseValue
  }

  /// The text in column `index`, read as bytes so that nothing is cut at a NUL.
  static func read(_ row: Row, _ index: Int) -> String {
    let bytes: Data = row[index]
    return String(decoding: bytes, as: UTF8.self)
  }
}

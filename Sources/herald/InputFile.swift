import Foundation
import HeraldCore

/// Reads a file named on the command line; `-` is standard input.
enum InputFile {
  static func read(_ path: String) throws(FieldError) -> Data {
    if path == "-" { return FileHandle.standardInput.readDataToEndOfFile() }
    do { return try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
      throw FieldError(path, "cannot read: \(error.localizedDescription)")
    }
  }
}

import Foundation
import HeraldCore
import HeraldSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Standard output that reports failure. `print` buffers and drops a failed write silently, so
/// `herald export > /dev/full` looked like a good backup; every command's output goes through
/// here instead, written straight to the descriptor and checked.
enum StandardOutput {
  /// Why a write failed, in a form the caller can tell apart: a reader that went away (a closed
  /// pipe) or anything else (a full disk, an I/O error).
  struct Failure: Error, CustomStringConvertible {
    let code: Int32

    /// The reader closed the pipe: for a stream (`herald live`) the natural end.
    var readerWentAway: Bool { code == EPIPE }

    var environmentError: EnvironmentError {
      EnvironmentError(
        tried: "writing to standard output", problem: String(cString: strerror(code)).lowercased(),
        remedy: code == ENOSPC ? "the disk is full; nothing complete was written" : nil)
    }

    var description: String { environmentError.description }
  }

  /// A closed pipe must come back as an error, not kill the process with SIGPIPE unannounced.
  static func prepare() {
    signal(SIGPIPE, SIG_IGN)
  }

  /// Writes `text` whole, or throws.
  static func write(_ text: String) throws(EnvironmentError) {
    do { try writeOrFail(text) } catch { throw error.environmentError }
  }

  /// Writes `text` and a newline, or throws.
  static func writeLine(_ text: String) throws(EnvironmentError) {
    try write(text + "\n")
  }

  /// Writes one row of what a person reads (a listing, `show`), made printable on one line by the
  /// renderer every screen uses (`DisplayText.printable`): a title's escape sequence, line break
  /// or bidi override is shown, never obeyed, and never starts a row of its own. Data formats
  /// (`plan`, `export`, JSON) go through `write` untouched.
  static func writeRow(_ text: String) throws(EnvironmentError) {
    try writeLine(DisplayText.printable(text, singleLine: true))
  }

  /// Writes `text` whole, or throws a `Failure` saying why.
  static func writeOrFail(_ text: String) throws(Failure) {
    var bytes = Array(text.utf8)
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeMutableBytes { raw in
        Glibc.write(STDOUT_FILENO, raw.baseAddress?.advanced(by: written), raw.count - written)
      }
      if count < 0 {
        if errno == EINTR { continue }
        throw Failure(code: errno)
      }
      written += count
    }
    bytes.removeAll()
  }
}

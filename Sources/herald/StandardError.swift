import Foundation
import HeraldCore

/// Standard error, a line at a time. A message quotes what was typed or read — a title, a
/// feed's line, a server's answer — so each goes through the renderer every screen uses
/// (`DisplayText.printable`): one line, whatever it quotes, and no escape sequence obeyed.
enum StandardError {
  static func writeLine(_ line: String) {
    FileHandle.standardError.write(Data((DisplayText.printable(line, singleLine: true) + "\n").utf8))
  }
}

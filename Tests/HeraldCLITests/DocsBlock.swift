import Foundation

/// A fenced code block of a manual, read by the convention the docs test enforces:
///
/// - every fence names its language; only ```` ```sh ```` blocks hold commands;
/// - in an `sh` block a line starting with `$ ` is a command (a line ending in `\` continues it),
///   and the lines after it, up to the next command, are what it prints (none shown: not compared);
///   `…` in a shown line stands for any text (a token, a temporary path);
/// - `<!-- docs-test: skip (why) -->` on the line before the fence leaves the block out, saying why.
struct DocsBlock {
  struct Command {
    /// The command as the manual writes it, continuation lines joined by newlines.
    var text: String
    /// The lines the manual shows it printing, in order.
    var output: [String]
    /// The line of the manual it starts on, for failure messages.
    var line: Int
  }

  var file: String
  var line: Int
  var language: String
  var lines: [String]
  /// Why the block is not run, when it is marked so.
  var skipped: String?

  /// The blocks of a manual, in order; a fence without a language is an error naming its line.
  static func blocks(of text: String, file: String) throws -> [DocsBlock] {
    var blocks: [DocsBlock] = []
    var open: (line: Int, indent: Int, language: String, skipped: String?)?
    var body: [String] = []
    var previous = ""
    for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = String(raw)
      let trimmed = line.drop { $0 == " " }
      if let current = open {
        if trimmed.hasPrefix("```") {
          blocks.append(
            DocsBlock(
              file: file, line: current.line, language: current.language, lines: body,
              skipped: current.skipped))
          open = nil
          body = []
        } else {
          body.append(String(line.dropFirst(min(current.indent, line.prefix { $0 == " " }.count))))
        }
      } else if trimmed.hasPrefix("```") {
        let language = trimmed.dropFirst(3).trimmingCharacters(in: .whitespaces)
        guard !language.isEmpty else { throw Problem("\(file):\(index + 1): a fence names no language") }
        open = (index + 1, line.count - trimmed.count, language, skipReason(previous))
      }
      if !trimmed.isEmpty { previous = String(trimmed) }
    }
    guard open == nil else { throw Problem("\(file): a code block is not closed") }
    return blocks
  }

  /// `docs-test: skip (needs PostgreSQL)` → `needs PostgreSQL`.
  private static func skipReason(_ line: String) -> String? {
    guard let match = line.wholeMatch(of: /<!-- docs-test: skip \((.+)\) -->/) else { return nil }
    return String(match.output.1)
  }

  /// The commands of an `sh` block; an `sh` block that does not begin with one is an error.
  func commands() throws -> [Command] {
    var commands: [Command] = []
    var continuing = false
    for (offset, line) in lines.enumerated() {
      if continuing, var last = commands.popLast() {
        last.text += "\n" + line
        commands.append(last)
      } else if line.hasPrefix("$ ") {
        commands.append(Command(text: String(line.dropFirst(2)), output: [], line: self.line + 1 + offset))
      } else if var last = commands.popLast() {
        last.output.append(line)
        commands.append(last)
      } else {
        throw Problem("\(file):\(self.line): an sh block begins with a command (`$ …`), not \"\(line)\"")
      }
      continuing = line.hasSuffix("\\")
    }
    return commands
  }

  /// A line a manual shows matches a printed one: equal, or equal around each `…`.
  static func matches(shown: String, printed: String) -> Bool {
    let parts = shown.components(separatedBy: "…")
    guard parts.count > 1 else { return shown == printed }
    var rest = Substring(printed)
    guard let first = parts.first, rest.hasPrefix(first) else { return false }
    rest = rest.dropFirst(first.count)
    for part in parts.dropFirst().dropLast() where !part.isEmpty {
      guard let range = rest.range(of: part) else { return false }
      rest = rest[range.upperBound...]
    }
    return rest.hasSuffix(parts.last ?? "")
  }

  struct Problem: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
  }
}

import HeraldInterchange

/// A piece of HTML. Text interpolated into it is escaped unless it is HTML itself, so what a user
/// typed can never become markup: `"<p>\(title)</p>" as HTML` shows `<script>` as text.
struct HTML: ExpressibleByStringInterpolation, Sendable, Hashable, CustomStringConvertible {
  /// The markup as it will be sent.
  let rendered: String

  init(stringLiteral value: String) { rendered = value }

  init(stringInterpolation: StringInterpolation) { rendered = stringInterpolation.output }

  /// Markup already made safe (a renderer's own output).
  init(trusted rendered: String) { self.rendered = rendered }

  var description: String { rendered }

  struct StringInterpolation: StringInterpolationProtocol {
    var output = ""

    init(literalCapacity: Int, interpolationCount: Int) { output.reserveCapacity(literalCapacity * 2) }

    mutating func appendLiteral(_ literal: String) { output += literal }
    mutating func appendInterpolation(_ text: String) { output += HTML.escape(text) }
    mutating func appendInterpolation(_ number: Int) { output += String(number) }
    mutating func appendInterpolation(_ html: HTML) { output += html.rendered }
    mutating func appendInterpolation(_ list: [HTML]) { output += list.map(\.rendered).joined() }
    mutating func appendInterpolation(_ html: HTML?) { output += html?.rendered ?? "" }
  }

  /// User text as HTML shows it: the one rule for markup (`XMLText.escaped`).
  static func escape(_ text: String) -> String { XMLText.escaped(text) }

  /// `checked` / `selected` when `flag` is true, for a form control.
  static func attribute(_ name: String, when flag: Bool) -> HTML { flag ? HTML(trusted: " \(name)") : "" }
}

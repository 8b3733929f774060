/// Text put into markup — the notification body on a server with `body-markup`, Pango in
/// waybar — so that it shows as written: `&`, `<` and `>` become entities, and no tag, entity or
/// link in a title takes effect.
enum Markup {
  /// `text` with `&`, `<`, `>` as `&amp;`, `&lt;`, `&gt;`. Quotes need nothing outside
  /// attributes, and servers differ on `&apos;`, so they stay.
  ///
  /// Scalar by scalar: a combining mark after `&` makes one character of the two, but the markup
  /// parser still sees a bare `&`.
  static func escaped(_ text: String) -> String {
    guard
      text.utf8.contains(where: {
        $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">")
      })
    else { return text }
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result.append(contentsOf: "&amp;".unicodeScalars)
      case "<": result.append(contentsOf: "&lt;".unicodeScalars)
      case ">": result.append(contentsOf: "&gt;".unicodeScalars)
      default: result.append(scalar)
      }
    }
    return String(result)
  }
}

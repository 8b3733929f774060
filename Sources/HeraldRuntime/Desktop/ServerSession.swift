/// One notification server as Herald's connection found it: which one (ids mean something only to
/// the server that gave them), and what it says about itself, read once per connection to it.
struct ServerSession: Sendable, Hashable {
  /// The bus's id and the server's unique name on it: a restarted server, or the same name on
  /// another bus, is another instance.
  var instance: String
  /// `GetCapabilities`: `actions`, `body`, `body-markup`, `body-hyperlinks`, `persistence`, …
  var capabilities: Set<String>
  /// `GetServerInformation`: name, vendor, version and specification version.
  var name: String
  var vendor: String
  var version: String
  var specificationVersion: String

  /// Bodies are a subset of HTML there: `&`, `<` and `>` must be escaped.
  var hasBodyMarkup: Bool { capabilities.contains("body-markup") }
  /// Buttons can be offered.
  var hasActions: Bool { capabilities.contains("actions") }
}

import HeraldCore
import Logging

/// A log handler that hands another one every message and metadata value made printable on one
/// line (`DisplayText.printable`): a log quotes titles (at debug level), calendar and server
/// errors and URLs, which a token holder or a calendar server chose, and a daemon's log is often
/// a terminal. One entry stays one line, and no escape sequence in it is obeyed.
struct PrintableLogHandler: LogHandler {
  var wrapped: any LogHandler

  var logLevel: Logger.Level {
    get { wrapped.logLevel }
    set { wrapped.logLevel = newValue }
  }

  var metadata: Logger.Metadata {
    get { wrapped.metadata }
    set { wrapped.metadata = newValue.mapValues(Self.printable) }
  }

  var metadataProvider: Logger.MetadataProvider? {
    get { wrapped.metadataProvider }
    set { wrapped.metadataProvider = newValue }
  }

  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { wrapped[metadataKey: key] }
    set { wrapped[metadataKey: key] = newValue.map(Self.printable) }
  }

  func log(event: LogEvent) {
    var event = event
    event.message = "\(DisplayText.printable(event.message.description, singleLine: true))"
    event.metadata = event.metadata?.mapValues(Self.printable)
    wrapped.log(event: event)
  }

  /// `value` with every text in it made printable; nested lists and dictionaries too.
  static func printable(_ value: Logger.Metadata.Value) -> Logger.Metadata.Value {
    switch value {
    case .string(let text): .string(DisplayText.printable(text, singleLine: true))
    case .stringConvertible(let item): .string(DisplayText.printable(item.description, singleLine: true))
    case .array(let items): .array(items.map(printable))
    case .dictionary(let entries): .dictionary(entries.mapValues(printable))
    }
  }
}

import HeraldCore

/// How a delivery looks on a freedesktop notification server, given what the server can do. It
/// renders the core's `Delivery` and decides nothing about it.
///
/// - The summary is plain text on every server (the specification says so): the title as
///   written, shortened for display, never escaped.
/// - The body is escaped when the server reads markup (`body-markup`), so a title with `<`, `&`
///   or a link shows as typed and cannot make one.
/// - Buttons are offered where the server has `actions`; elsewhere the body says which commands
///   do what they would.
/// - Interruption levels map onto urgency: passive → low with `suppress-sound`, active → normal,
///   time-sensitive and critical → critical.
enum DesktopRendering {
  /// The `Notify` call for `delivery` on `server`.
  static func request(for delivery: Delivery, on server: ServerSession) -> NotifyRequest {
    let content = delivery.displayContent
    let texts = delivery.texts
    var body = DisplayText.printable(content.body, singleLine: false)
    let commands = delivery.answerCommands
    if !server.hasActions, !commands.isEmpty { body += "\n" + texts.answerHint(commands) }
    let actions =
      server.hasActions ? delivery.actions.flatMap { [$0.rawValue, $0.label(texts)] } : []
    return NotifyRequest(
      summary: DisplayText.printable(delivery.displayTitle, singleLine: true),
      body: server.hasBodyMarkup ? Markup.escaped(body) : body, actions: actions,
      urgency: urgency(delivery.content.interruptionLevel),
      category: category(delivery.content.categoryIdentifier),
      suppressSound: delivery.content.interruptionLevel == .passive || delivery.content.sound == nil)
  }

  /// The freedesktop urgency byte of an interruption level: 0 low, 1 normal, 2 critical.
  static func urgency(_ level: InterruptionLevel) -> UInt8 {
    switch level {
    case .passive: 0
    case .active: 1
    case .timeSensitive, .critical: 2
    }
  }

  /// The `category` hint: `x-herald.` and the notification's category.
  static func category(_ identifier: String) -> String { "x-herald.\(identifier)" }
}

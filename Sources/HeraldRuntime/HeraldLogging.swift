import Logging

/// Logs go to stderr, so stdout stays clean for the delivery lines.
public enum HeraldLogging {
  /// A logger writing to stderr at info (or debug, with titles, when verbose), each entry made
  /// printable on one line.
  public static func logger(verbose: Bool) -> Logger {
    var logger = Logger(label: "herald") { label in
      PrintableLogHandler(wrapped: StreamLogHandler.standardError(label: label))
    }
    logger.logLevel = verbose ? .debug : .info
    return logger
  }
}

extension Logger {
  /// The same logger, telling only of trouble (the demo keeps the terminal for reminders).
  public func quiet() -> Logger {
    var copy = self
    copy.logLevel = .warning
    return copy
  }
}

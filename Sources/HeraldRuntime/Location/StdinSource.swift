import Foundation
import HeraldCore
import HeraldInterchange
import HeraldSystem
import Logging

/// Fixes as JSON lines on a file handle (standard input): `{"latitude":…,"longitude":…,
/// "time":"…","accuracy":…}`. A line that is not such a fix is logged with its number and
/// skipped; an empty line is ignored. The source ends with the input.
public struct StdinSource: LocationSource {
  let input: FileHandle
  let logger: Logger

  /// Reads `input` (standard input unless told); `logger` hears of skipped lines.
  public init(input: FileHandle = .standardInput, logger: Logger) {
    self.input = input
    self.logger = logger
  }

  public func events() -> AsyncStream<LocationEvent> {
    let (stream, continuation) = AsyncStream.makeStream(of: LocationEvent.self, bufferingPolicy: .unbounded)
    let (input, logger) = (input, logger)
    // Reading blocks until a line comes: a thread of its own.
    Thread.detachNewThread {
      var number = 0
      func take(_ line: String) {
        number += 1
        guard !line.allSatisfy(\.isWhitespace) else { return }
        do {
          continuation.yield(.fix(try FixLine.parse(line)))
        } catch {
          logger.warning("standard input, line \(number): skipped: \(error)")
        }
      }
      // As gpsd's lines: a fix is some 100 bytes, and input without line breaks must not grow.
      input.forEachLine(
        take, unterminated: take, maximumLength: GPSDReport.maximumLineLength,
        overlong: {
          number += 1
          logger.warning(
            "standard input, line \(number): skipped: longer than \(GPSDReport.maximumLineLength) characters")
        })
      logger.info("standard input ended", metadata: ["lines": "\(number)"])
      continuation.finish()
    }
    return stream
  }
}

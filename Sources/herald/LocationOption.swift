import ArgumentParser
import Foundation
import HeraldCore
import HeraldInterchange
import HeraldRuntime
import Logging

/// `--location`: where the daemon's location fixes come from.
enum LocationOption: Equatable {
  /// gpsd's JSON protocol on TCP.
  case gpsd(host: String, port: UInt16)
  /// A recorded GPX track, replayed on its timestamps.
  case gpx(String)
  /// One JSON fix per line on standard input.
  case stdin

  /// Reads `gpsd`, `gpsd:HOST:PORT` (an IPv6 host in brackets), `gpx:FILE` or `stdin`.
  init(parsing text: String) throws(FieldError) {
    let field = "--location"
    if text == "stdin" {
      self = .stdin
    } else if text == "gpsd" {
      self = .gpsd(host: GPSDSource.defaultHost, port: GPSDSource.defaultPort)
    } else if text.hasPrefix("gpx:"), text.count > 4 {
      self = .gpx(String(text.dropFirst(4)))
    } else if text.hasPrefix("gpsd:"), let colon = text.lastIndex(of: ":"),
      colon > text.index(text.startIndex, offsetBy: 4)
    {
      var host = String(text[text.index(text.startIndex, offsetBy: 5)..<colon])
      if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
      guard !host.isEmpty, let port = UInt16(text[text.index(after: colon)...]), port > 0 else {
        throw FieldError(field, "expected gpsd:HOST:PORT with a port 1–65535, got \"\(text)\"")
      }
      self = .gpsd(host: host, port: port)
    } else {
      throw FieldError(field, "expected gpsd, gpsd:HOST:PORT, gpx:FILE or stdin, got \"\(text)\"")
    }
  }

  /// The runtime's source; a GPX file is read (and checked) now.
  func source(replaySpeed: Double, logger: Logger) throws -> any LocationSource {
    switch self {
    case .gpsd(let host, let port):
      return GPSDSource(host: host, port: port, logger: logger)
    case .gpx(let path):
      let fixes = try GPXDocument(contentsOf: URL(fileURLWithPath: path)).fixes
      return GPXReplaySource(fixes: fixes, speed: replaySpeed, logger: logger)
    case .stdin:
      return StdinSource(logger: logger)
    }
  }
}

/// Where zones come from by name: on Linux the system's tz database as the OS keeps it, on Apple
/// platforms the OS's `TimeZone`. The core asks for a zone and never cares which.
public protocol ZoneDatabase: Sendable {
  /// The zone with this IANA name (`Europe/Berlin`).
  func zone(named name: String) throws(ZoneLookupError) -> Zone
  /// The release of the data (`2025b`) and where it was read from, for `herald --version`.
  var release: ZoneDatabaseRelease { get }
}

/// Which tz database a process reads.
public struct ZoneDatabaseRelease: Sendable, Hashable, CustomStringConvertible {
  /// `2025b`; nil when the database does not say.
  public var version: String?
  /// A directory, or the name of the built-in copy used when there is none.
  public var origin: String

  public init(version: String?, origin: String) {
    self.version = version
    self.origin = origin
  }

  /// `tz database 2025b (/usr/share/zoneinfo)`.
  public var description: String { "tz database \(version ?? "of unknown version") (\(origin))" }
}

/// Why a zone could not be had.
public enum ZoneLookupError: Error, Sendable, Hashable, CustomStringConvertible {
  /// No zone has this name.
  case unknown(String)
  /// The file that would hold it is not a valid TZif file (RFC 8536), or could not be read.
  case damaged(file: String, problem: String)

  /// The problem, for a `FieldError` naming the field the name came from.
  public var description: String {
    switch self {
    case .unknown(let name): "unknown IANA time zone \(String(reflecting: name))"
    case .damaged(let file, let problem): "\(file): \(problem)"
    }
  }
}

import Foundation
import HeraldCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The system's tz database as the OS keeps it: the TZif files under `$TZDIR`, else
/// `/usr/share/zoneinfo`, which the distribution updates within days of each IANA release — the
/// same files `date`, Python's `zoneinfo`, PostgreSQL and systemd read.
///
/// Zones are read once and kept; each is checked against its file again when asked for after
/// `recheckInterval`, so a long-running process follows a package upgrade without a restart.
/// Only when the directory does not exist does it fall back to the copy inside Foundation, which
/// no package upgrade reaches, and `fallbackNotice` says so.
public final class SystemZones: ZoneDatabase, @unchecked Sendable {
  /// The database of this process's environment (`TZDIR`).
  public static let shared = SystemZones(
    directory: ProcessInfo.processInfo.environment["TZDIR"].flatMap { $0.isEmpty ? nil : $0 }
      ?? "/usr/share/zoneinfo")

  public let directory: String
  private let recheckInterval: Double
  private let lock = NSLock()
  private var entries: [String: Entry] = [:]
  private var checkedRelease: (release: ZoneDatabaseRelease, checkedAt: Double)?
  private var checkedAvailability: (available: Bool, checkedAt: Double)?

  private struct Entry {
    var zone: Zone
    var stamp: FileStamp?
    var checkedAt: Double
  }

  /// The database in `directory`; a zone is checked against its file at most every
  /// `recheckInterval` seconds (0: on every request).
  public init(directory: String, recheckInterval: Double = 1) {
    self.directory = directory
    self.recheckInterval = recheckInterval
  }

  /// Whether the directory exists (looked at again after `recheckInterval`); when it does not,
  /// zones come from Foundation's built-in copy.
  public var isAvailable: Bool {
    let now = Self.monotonic()
    if let checked = lock.withLock({ checkedAvailability }), now - checked.checkedAt < recheckInterval {
      return checked.available
    }
    var status = stat()
    let available = stat(directory, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    lock.withLock { checkedAvailability = (available, now) }
    return available
  }

  /// One line to tell the user when the fallback is in use, else nil.
  public var fallbackNotice: String? {
    guard !isAvailable else { return nil }
    return
      "no tz database at \(directory): using the copy inside Foundation (\(TimeZone.timeZoneDataVersion)), "
      + "which no system update reaches; install the tzdata package"
  }

  public var release: ZoneDatabaseRelease {
    let now = Self.monotonic()
    if let checked = lock.withLock({ checkedRelease }), now - checked.checkedAt < recheckInterval {
      return checked.release
    }
    let release = readRelease()
    lock.withLock { checkedRelease = (release, now) }
    return release
  }

  public func zone(named name: String) throws(ZoneLookupError) -> Zone {
    // A request asks for its user's zone each time: a zone read within the interval is answered
    // from memory, with nothing else looked at.
    if let entry = lock.withLock({ entries[name] }), Self.monotonic() - entry.checkedAt < recheckInterval {
      return entry.zone
    }
    guard isAvailable else { return try FoundationZones().zone(named: name) }
    guard Self.isFileName(name),
      let zone = try cachedZone(key: name, path: directory + "/" + name, identifier: name)
    else { throw .unknown(name) }
    return zone
  }

  /// The zone in a TZif file outside the database's names (`TZ=:/path`, `/etc/localtime`). Without
  /// an `identifier` it is named by its footer's TZ string, which names the same rules from now on
  /// (else by its path).
  public func zone(file path: String, identifier: String?) throws(ZoneLookupError) -> Zone {
    // Kept under ":path", which no name can be.
    guard let zone = try cachedZone(key: ":" + path, path: path, identifier: identifier) else {
      throw .damaged(file: path, problem: "no such file")
    }
    return zone
  }

  /// The zone at `path` under `key`, read again when its file changed; nil when there is no file.
  private func cachedZone(key: String, path: String, identifier: String?) throws(ZoneLookupError) -> Zone? {
    let now = Self.monotonic()
    if let entry = lock.withLock({ entries[key] }), now - entry.checkedAt < recheckInterval {
      return entry.zone
    }
    let stamp = FileStamp(path: path)
    if let entry = lock.withLock({ entries[key] }), let stamp, entry.stamp == stamp {
      lock.withLock { entries[key]?.checkedAt = now }
      return entry.zone
    }
    guard let stamp else {
      lock.withLock { entries[key] = nil }
      return nil
    }
    let zone = try Self.read(path: path, identifier: identifier, isRegularFile: stamp.isRegularFile)
    lock.withLock { entries[key] = Entry(zone: zone, stamp: stamp, checkedAt: now) }
    return zone
  }

  private static func read(path: String, identifier: String?, isRegularFile: Bool) throws(ZoneLookupError)
    -> Zone
  {
    guard isRegularFile else { throw .damaged(file: path, problem: "not a regular file") }
    let bytes: [UInt8]
    do {
      let file = try InputFile(path: path)
      bytes = [UInt8](try file.readAll(limit: Self.largestFile))
    } catch {
      throw .damaged(file: path, problem: error.problem)
    }
    do {
      return try TZifReader.zone(bytes, identifier: identifier, fallbackName: path)
    } catch {
      throw .damaged(file: path, problem: error.problem)
    }
  }

  /// No zone file comes near this (the largest in 2025b is 2.9 kB); a bigger one is not one.
  static let largestFile = 1 << 20

  /// `tzdata.zi`'s first line (`# version 2025b`), else the `+VERSION` file some systems have.
  private func readRelease() -> ZoneDatabaseRelease {
    guard isAvailable else {
      return ZoneDatabaseRelease(version: TimeZone.timeZoneDataVersion, origin: "Foundation's built-in copy")
    }
    var version: String?
    if let handle = FileHandle(forReadingAtPath: directory + "/tzdata.zi") {
      defer { try? handle.close() }
      let head = (try? handle.read(upToCount: 128)) ?? Data()
      let line = String(decoding: head.prefix { $0 != 10 }, as: UTF8.self)
      if line.hasPrefix("# version ") { version = String(line.dropFirst("# version ".count)) }
    }
    if version == nil, let text = try? String(contentsOfFile: directory + "/+VERSION", encoding: .utf8) {
      let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
      if !trimmed.isEmpty, trimmed.count < 32 { version = trimmed }
    }
    return ZoneDatabaseRelease(version: version, origin: directory)
  }

  /// A name that can only mean a file of the database: no absolute path, no `..`, the characters
  /// IANA names use.
  static func isFileName(_ name: String) -> Bool {
    guard !name.isEmpty, name.utf8.count <= 255, !name.hasPrefix("/") else { return false }
    let allowed = name.utf8.allSatisfy {
      ($0 >= 65 && $0 <= 90) || ($0 >= 97 && $0 <= 122) || ($0 >= 48 && $0 <= 57)
        || $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-")
        || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: ".")
    }
    // No `.` or `..` component: no name may lead out of the directory.
    return allowed && !name.hasPrefix(".") && !name.contains("/.") && !name.contains("..")
  }

  static func monotonic() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}

/// What tells a file's new version from its old: a package upgrade replaces the file (a new inode)
/// or rewrites it (a new modification time or size).
struct FileStamp: Equatable {
  var device: UInt64
  var inode: UInt64
  var size: Int64
  var modified: Int64
  var isRegularFile: Bool

  init?(path: String) {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    device = UInt64(status.st_dev)
    inode = UInt64(status.st_ino)
    size = Int64(status.st_size)
    modified = Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
    isRegularFile = status.st_mode & S_IFMT == S_IFREG
  }
}

import Foundation

/// A TZif file (RFC 8536) written by the tests themselves: local time types, transitions and a
/// footer, as version 1 alone or as version 2+ with its 32-bit first half, 64-bit second half and
/// footer — the shapes `zic` writes, so that the readers meet files no other program made.
public struct TZifFile: Sendable {
  public struct LocalTimeType: Sendable {
    public var offset: Int32
    public var isDST: Bool
    public var abbreviation: String

    public init(_ offset: Int32, isDST: Bool = false, _ abbreviation: String) {
      self.offset = offset
      self.isDST = isDST
      self.abbreviation = abbreviation
    }
  }

  /// 0 (version 1), or the ASCII digit of version 2, 3 or 4.
  public var version: UInt8
  public var types: [LocalTimeType]
  /// Instants (seconds since 1970), ascending, with the index of the type from then on.
  public var transitions: [(at: Int64, type: Int)]
  /// The TZ string after the data (versions 2+): the rule after the last transition.
  public var footer: String

  public init(
    version: Int = 2, types: [LocalTimeType], transitions: [(at: Int64, type: Int)] = [], footer: String = ""
  ) {
    self.version = version == 1 ? 0 : UInt8(ascii: "0") + UInt8(version)
    self.types = types
    self.transitions = transitions
    self.footer = footer
  }

  /// A zone at one offset for ever: `fixed(-8 * 3600, "PST", footer: "PST8")`.
  public static func fixed(_ offset: Int32, _ abbreviation: String, footer: String) -> TZifFile {
    TZifFile(types: [LocalTimeType(offset, abbreviation)], footer: footer)
  }

  /// The file's bytes.
  public func bytes() -> [UInt8] {
    var out: [UInt8] = []
    let small = transitions.filter { Int64(Int32.min) <= $0.at && $0.at <= Int64(Int32.max) }
    // The first half holds what 32 bits can (all of a version 1 file, which can hold no more).
    out += header(transitionCount: small.count)
    out += block(small, timeSize: 4)
    guard version != 0 else { return out }
    out += header(transitionCount: transitions.count)
    out += block(transitions, timeSize: 8)
    out += Array("\n\(footer)\n".utf8)
    return out
  }

  /// Writes the file at `path`, replacing any file there the way a package upgrade does: a new
  /// file renamed over the old one.
  public func write(to path: String) throws {
    let directory = (path as NSString).deletingLastPathComponent
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let temporary = path + ".new-\(UUID().uuidString)"
    try Data(bytes()).write(to: URL(fileURLWithPath: temporary))
    guard rename(temporary, path) == 0 else { throw CocoaError(.fileWriteUnknown) }
  }

  private var designations: (bytes: [UInt8], index: [Int]) {
    var bytes: [UInt8] = []
    var index: [Int] = []
    for type in types {
      index.append(bytes.count)
      bytes += Array(type.abbreviation.utf8) + [0]
    }
    return (bytes, index)
  }

  private func header(transitionCount: Int) -> [UInt8] {
    var out = Array("TZif".utf8) + [version] + [UInt8](repeating: 0, count: 15)
    // isutcnt, isstdcnt, leapcnt, timecnt, typecnt, charcnt
    for count in [types.count, types.count, 0, transitionCount, types.count, designations.bytes.count] {
      out += Self.bigEndian(UInt32(count))
    }
    return out
  }

  private func block(_ transitions: [(at: Int64, type: Int)], timeSize: Int) -> [UInt8] {
    var out: [UInt8] = []
    for transition in transitions {
      out +=
        timeSize == 4
        ? Self.bigEndian(UInt32(bitPattern: Int32(transition.at)))
        : Self.bigEndian(UInt64(bitPattern: transition.at))
    }
    out += transitions.map { UInt8($0.type) }
    let (characters, index) = designations
    for (type, designation) in zip(types, index) {
      out += Self.bigEndian(UInt32(bitPattern: type.offset)) + [type.isDST ? 1 : 0, UInt8(designation)]
    }
    out += characters
    out += [UInt8](repeating: 0, count: types.count)  // standard/wall: wall
    out += [UInt8](repeating: 0, count: types.count)  // UT/local: local
    return out
  }

  static func bigEndian<Value: FixedWidthInteger>(_ value: Value) -> [UInt8] {
    (0..<(Value.bitWidth / 8)).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
  }
}

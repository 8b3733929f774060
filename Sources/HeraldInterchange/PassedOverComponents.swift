/// The components a `CalendarCollector` passed over, by `UID`: enough to say where one was should
/// its `UID` turn up again.
///
/// A large export passes over nearly all of its components, so this is what its memory goes to:
/// the `UID`s' bytes back to back in one buffer, found through an open-addressing table of
/// indices — about 7 MB for 100 000 components, where a dictionary of strings took about 30 MB.
struct PassedOverComponents: Sendable {
  struct Component {
    var kind: ICalendarEntry.Kind
    var line: Int
    /// The file's index in the order the collector read them.
    var file: Int
  }

  private struct Record {
    /// Where its `UID`'s bytes end in `bytes` (they start where the previous record's end).
    var end: UInt32
    var line: UInt32
    var file: UInt32
    var isEvent: Bool
  }

  private var bytes: [UInt8] = []
  private var records: [Record] = []
  /// Indices into `records`, -1 for a free slot; never more than half full.
  private var table = [Int32](repeating: -1, count: 1024)

  /// The component passed over with this `UID`, if any.
  func component(_ uid: String) -> Component? {
    var uid = uid
    return uid.withUTF8 { key in
      let (_, found) = slot(of: key)
      guard let found else { return nil }
      let record = records[found]
      return Component(kind: record.isEvent ? .event : .todo, line: Int(record.line), file: Int(record.file))
    }
  }

  /// Notes a component whose `UID` has not been noted.
  mutating func insert(_ uid: String, _ component: Component) {
    if (records.count + 1) * 2 > table.count { grow() }
    var uid = uid
    uid.withUTF8 { key in
      let (free, _) = slot(of: key)
      table[free] = Int32(records.count)
      bytes.append(contentsOf: key)
      records.append(
        Record(
          end: UInt32(truncatingIfNeeded: bytes.count), line: UInt32(truncatingIfNeeded: component.line),
          file: UInt32(truncatingIfNeeded: component.file), isEvent: component.kind == .event))
    }
  }

  /// The slot holding `key`'s record (and the record), or the free slot where it belongs.
  private func slot(of key: UnsafeBufferPointer<UInt8>) -> (slot: Int, record: Int?) {
    let mask = table.count - 1
    var index = Self.hash(key) & mask
    while true {
      let record = Int(table[index])
      if record < 0 { return (index, nil) }
      if uid(record).elementsEqual(key) { return (index, record) }
      index = (index + 1) & mask
    }
  }

  private func uid(_ record: Int) -> ArraySlice<UInt8> {
    bytes[(record == 0 ? 0 : Int(records[record - 1].end))..<Int(records[record].end)]
  }

  private mutating func grow() {
    table = [Int32](repeating: -1, count: table.count * 2)
    let mask = table.count - 1
    for record in records.indices {
      uid(record).withUnsafeBufferPointer { key in
        var index = Self.hash(key) & mask
        while table[index] >= 0 { index = (index + 1) & mask }
        table[index] = Int32(record)
      }
    }
  }

  /// Seeded per process (SipHash), so a file cannot be made of `UID`s that all collide.
  private static func hash(_ key: UnsafeBufferPointer<UInt8>) -> Int {
    var hasher = Hasher()
    hasher.combine(bytes: UnsafeRawBufferPointer(key))
    return hasher.finalize()
  }
}

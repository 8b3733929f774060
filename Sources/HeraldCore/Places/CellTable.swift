/// The points of each cell of a `SpatialGrid`, by the cell's key: an open-addressing hash table
/// over one flat array of point indices. A fix looks up nine cells, most of them empty; a
/// general-purpose dictionary spends most of a fix's time hashing, this one a multiplication.
struct CellTable: Sendable {
  /// Slot `i` holds a key and where its points are in `members`; `count` 0 marks an empty slot.
  private var keys: [UInt64]
  private var starts: [Int32]
  private var counts: [Int32]
  /// The point indices, grouped by cell.
  private var members: [Int32]
  private let shift: UInt64

  /// The table for points whose cells have the keys `keyOfPoint` (by point index).
  init(_ keyOfPoint: [UInt64]) {
    let order = keyOfPoint.indices.sorted { (keyOfPoint[$0], $0) < (keyOfPoint[$1], $1) }
    members = order.map { Int32(truncatingIfNeeded: $0) }
    var distinct = 0
    for (position, index) in order.enumerated()
    where position == 0 || keyOfPoint[order[position - 1]] != keyOfPoint[index] {
      distinct += 1
    }
    // At most half full: probes stay short.
    var bits: UInt64 = 4
    while (1 << bits) < 2 * distinct { bits += 1 }
    shift = 64 - bits
    let capacity = 1 << Int(bits)
    keys = Array(repeating: 0, count: capacity)
    starts = Array(repeating: 0, count: capacity)
    counts = Array(repeating: 0, count: capacity)
    var position = 0
    while position < order.count {
      let key = keyOfPoint[order[position]]
      var end = position + 1
      while end < order.count, keyOfPoint[order[end]] == key { end += 1 }
      var slot = self.slot(key)
      while counts[slot] != 0 { slot = (slot + 1) & (capacity - 1) }
      keys[slot] = key
      starts[slot] = Int32(position)
      counts[slot] = Int32(end - position)
      position = end
    }
  }

  /// Calls `body` with every point index in the cell `key`.
  @inline(__always)
  func forEach(in key: UInt64, _ body: (Int) -> Void) {
    let mask = keys.count - 1
    var slot = self.slot(key)
    while counts[slot] != 0 {
      if keys[slot] == key {
        let start = Int(starts[slot])
        for offset in start..<start + Int(counts[slot]) { body(Int(members[offset])) }
        return
      }
      slot = (slot + 1) & mask
    }
  }

  /// Fibonacci hashing: the top bits of the key times 2⁶⁴/φ.
  @inline(__always)
  private func slot(_ key: UInt64) -> Int { Int((key &* 0x9E37_79B9_7F4A_7C15) >> shift) }
}

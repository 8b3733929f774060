import Foundation

/// Points on the sphere in a k-d tree, for "the k nearest points to here" in a few microseconds
/// among hundreds of thousands.
///
/// Points are kept as unit vectors in three dimensions: the straight-line (chord) distance
/// between two of them grows with their great-circle distance, so the nearest by chord are the
/// nearest on the Earth, with no special case at the antimeridian or the poles. The tree is one
/// array: each range's median (by the axis along which the range is widest) sits in its middle,
/// the smaller half before it, the larger after.
public struct NearestPoints: Sendable {
  private struct Node {
    var x: Double
    var y: Double
    var z: Double
    var index: Int32
    var axis: UInt8

    subscript(axis: UInt8) -> Double { axis == 0 ? x : axis == 1 ? y : z }
  }

  private var nodes: [Node]

  /// Indexes `coordinates`; answers are indices into this array.
  public init(_ coordinates: [Coordinate]) {
    nodes = coordinates.enumerated().map { index, coordinate in
      let (x, y, z) = Self.unitVector(coordinate)
      return Node(x: x, y: y, z: z, index: Int32(truncatingIfNeeded: index), axis: 0)
    }
    build(0, nodes.count)
  }

  /// How many points are indexed.
  public var count: Int { nodes.count }

  /// The indices of the `count` nearest points to `center` that `include` accepts, nearest first.
  /// (Two points at the same distance but for rounding may come in either order.)
  public func nearest(_ count: Int, to center: Coordinate, where include: (Int) -> Bool) -> [Int] {
    guard count > 0, !nodes.isEmpty else { return [] }
    let (x, y, z) = Self.unitVector(center)
    var best = Best(capacity: count)
    nodes.withUnsafeBufferPointer { buffer in
      search(buffer, 0, buffer.count, (x, y, z), include, &best)
    }
    return best.items.map { Int($0.index) }
  }

  /// The k best so far, nearest first (k is small: an insertion into a sorted array is fastest).
  private struct Best {
    var items: [(chordSquared: Double, index: Int32)] = []
    let capacity: Int

    init(capacity: Int) {
      self.capacity = capacity
      items.reserveCapacity(capacity + 1)
    }

    var isFull: Bool { items.count == capacity }
    var worst: Double { items.last?.chordSquared ?? .infinity }

    mutating func offer(_ chordSquared: Double, _ index: Int32) {
      guard !isFull || chordSquared < worst else { return }
      var position = items.count
      while position > 0, items[position - 1].chordSquared > chordSquared { position -= 1 }
      items.insert((chordSquared, index), at: position)
      if items.count > capacity { items.removeLast() }
    }
  }

  private func search(
    _ nodes: UnsafeBufferPointer<Node>, _ low: Int, _ high: Int, _ query: (Double, Double, Double),
    _ include: (Int) -> Bool, _ best: inout Best
  ) {
    guard low < high else { return }
    let middle = (low + high) / 2
    let node = nodes[middle]
    let dx = node.x - query.0
    let dy = node.y - query.1
    let dz = node.z - query.2
    let chordSquared = dx * dx + dy * dy + dz * dz
    if !best.isFull || chordSquared < best.worst, include(Int(node.index)) {
      best.offer(chordSquared, node.index)
    }
    let split = node[node.axis] - (node.axis == 0 ? query.0 : node.axis == 1 ? query.1 : query.2)
    // The query lies on the smaller side when `split` > 0: search that side first.
    let (near, far) = split > 0 ? ((low, middle), (middle + 1, high)) : ((middle + 1, high), (low, middle))
    search(nodes, near.0, near.1, query, include, &best)
    if !best.isFull || split * split < best.worst {
      search(nodes, far.0, far.1, query, include, &best)
    }
  }

  /// Arranges `nodes[low..<high]` as a subtree.
  private mutating func build(_ low: Int, _ high: Int) {
    guard high - low > 1 else { return }
    var minimum = (Double.infinity, Double.infinity, Double.infinity)
    var maximum = (-Double.infinity, -Double.infinity, -Double.infinity)
    for node in nodes[low..<high] {
      minimum = (min(minimum.0, node.x), min(minimum.1, node.y), min(minimum.2, node.z))
      maximum = (max(maximum.0, node.x), max(maximum.1, node.y), max(maximum.2, node.z))
    }
    let spread = (maximum.0 - minimum.0, maximum.1 - minimum.1, maximum.2 - minimum.2)
    let axis: UInt8 =
      spread.0 >= spread.1 && spread.0 >= spread.2 ? 0 : spread.1 >= spread.2 ? 1 : 2
    let middle = (low + high) / 2
    select(middle, low, high, axis)
    nodes[middle].axis = axis
    build(low, middle)
    build(middle + 1, high)
  }

  /// Quickselect: puts the element of rank `k` on `axis` at `k`, smaller ones before, larger after.
  private mutating func select(_ k: Int, _ low: Int, _ high: Int, _ axis: UInt8) {
    var low = low
    var high = high - 1
    while low < high {
      // Median of three as the pivot keeps sorted input from going quadratic.
      let middle = (low + high) / 2
      if nodes[middle][axis] < nodes[low][axis] { nodes.swapAt(middle, low) }
      if nodes[high][axis] < nodes[low][axis] { nodes.swapAt(high, low) }
      if nodes[high][axis] < nodes[middle][axis] { nodes.swapAt(high, middle) }
      let pivot = nodes[middle][axis]
      var i = low
      var j = high
      while i <= j {
        while nodes[i][axis] < pivot { i += 1 }
        while nodes[j][axis] > pivot { j -= 1 }
        if i <= j {
          nodes.swapAt(i, j)
          i += 1
          j -= 1
        }
      }
      if k <= j {
        high = j
      } else if k >= i {
        low = i
      } else {
        return
      }
    }
  }

  private static func unitVector(_ coordinate: Coordinate) -> (Double, Double, Double) {
    let latitude = coordinate.latitude * .pi / 180
    let longitude = coordinate.longitude * .pi / 180
    return (cos(latitude) * cos(longitude), cos(latitude) * sin(longitude), sin(latitude))
  }
}

extension Sequence {
  /// The `count` smallest elements in ascending order, in one pass with a bounded buffer:
  /// O(n log k) instead of sorting all n.
  func smallest(_ count: Int, by areInIncreasingOrder: (Element, Element) -> Bool) -> [Element] {
    guard count > 0 else { return [] }
    var kept: [Element] = []
    kept.reserveCapacity(count + 1)
    for element in self {
      if kept.count == count, let last = kept.last, !areInIncreasingOrder(element, last) { continue }
      // Binary search for the insertion point keeps `kept` sorted.
      var low = 0
      var high = kept.count
      while low < high {
        let mid = (low + high) / 2
        if areInIncreasingOrder(element, kept[mid]) { high = mid } else { low = mid + 1 }
      }
      kept.insert(element, at: low)
      if kept.count > count { kept.removeLast() }
    }
    return kept
  }
}

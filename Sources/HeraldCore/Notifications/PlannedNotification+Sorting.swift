extension Array where Element == PlannedNotification {
  /// The elements for which `isIncluded` is true, in the order of
  /// `sorted(by: PlannedNotification.soonestFirst)`.
  ///
  /// Sorting the notifications themselves copies each one, with every string and dictionary in it,
  /// at every step of the merge; sorting their positions moves integers instead, which makes a plan
  /// of 10 000 deferred requests several times faster. The sort sees the same comparisons in the
  /// same order either way, so the result is identical, ties and repeated ids included.
  func sortedSoonestFirst(where isIncluded: (PlannedNotification) -> Bool = { _ in true })
    -> [PlannedNotification]
  {
    let fireDates = map(\.fireDate)
    let order = indices.filter { isIncluded(self[$0]) }.sorted { a, b in
      fireDates[a] != fireDates[b] ? fireDates[a] < fireDates[b] : self[a].identifier < self[b].identifier
    }
    return order.map { self[$0] }
  }
}

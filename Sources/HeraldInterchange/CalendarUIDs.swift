/// The `UID`s of the components a calendar reading met — those it kept and those it passed over —
/// to tell whether an id of the scenario could touch that reading: the reader checks the
/// scenario's ids only against a component's `UID` and its instances' ids (`UID/RID`).
public struct CalendarUIDs: Sendable {
  let kept: Set<String>
  let passedOver: PassedOverComponents

  /// Whether `id` is a `UID` read, or `UID/…` of one (a `UID` may hold `/` itself): an id for
  /// which this is false is neither refused nor shadowed by the reading.
  public func mayName(_ id: String) -> Bool {
    if contains(id) { return true }
    var prefix = id.startIndex
    while let slash = id[prefix...].firstIndex(of: "/") {
      if contains(String(id[..<slash])) { return true }
      prefix = id.index(after: slash)
    }
    return false
  }

  private func contains(_ uid: String) -> Bool { kept.contains(uid) || passedOver.component(uid) != nil }
}

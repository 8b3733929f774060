import Crypto
import Foundation
import HeraldCore
import HeraldInterchange
import HeraldSQLite
import Synchronization

/// The blocks and tasks each followed calendar adds to the plan, kept between plans by a process
/// that plans again and again (the daemon at every reload): a calendar's copy is parsed again only
/// when it changed, or the zone or the language did, or once a day as its window moves on — not at
/// every change of the person's own blocks and tasks.
///
/// A calendar is read without the person's ids, with every `UID` it has. An id of the person's that
/// no `UID` names (`CalendarUIDs.mayName`) changes nothing of that reading; one that does (a clash,
/// which the reading refuses) has the calendar read as before, with the person's ids.
///
/// The instances are kept for a window wider than a plan's (from the start of the UTC day its
/// look-back begins in, a day longer) and cut to the plan's window at each use. That gives what
/// reading the plan's window would: an instance counts by its start (a block) or due (a task)
/// alone, in the same order either way, and a narrower window checks a part of what the wider
/// one checks. A wider read that finds a problem is not kept: the plan's own window is read then,
/// so the problem reported is the one it has, if any.
public final class CalendarInstances: Sendable {
  /// What a calendar's instances are read from: its copy (by digest: a 50 MB export is not held
  /// twice), where its errors say they are, and what the reading of its components depends on.
  struct Key: Hashable {
    var calendar: FollowedCalendar.Kind
    var source: String
    var digest: Data
    var zone: Zone
    var language: Language
    var windowStart: Date
  }

  /// One calendar's blocks and tasks in a window.
  struct Instances: Sendable {
    var blocks: [FocusBlock]
    var tasks: [TodoItem]
  }

  /// A calendar's wider read, or nil when it found a problem (then each plan reads its own window,
  /// and the wider one is not read again until the key changes).
  private struct Kept: Sendable {
    var key: Key
    var read: (instances: Instances, uids: CalendarUIDs)?
  }

  private let kept = Mutex<[String: Kept]>([:])
  private let readCount = Atomic<Int>(0)

  public init() {}

  /// How many times a calendar's copy was parsed, for tests.
  public var reads: Int { readCount.load(ordering: .relaxed) }

  /// `state` with `items`' blocks and tasks around `now` added, as `CalendarPlanning.merge` gives.
  func merge(_ items: [CalendarItem], of calendar: FollowedCalendar, into state: PlanningState, now: Date)
    throws(FieldError) -> PlanningState
  {
    let window = CalendarPlanning.window(around: now)
    let start = Self.widerStart(of: window)
    let key = Key(
      calendar: calendar.kind, source: calendar.source, digest: Self.digest(items), zone: state.timeZone,
      language: state.language, windowStart: start)
    var known = kept.withLock { $0[calendar.id] }
    if known?.key != key {
      readCount.add(1, ordering: .relaxed)
      var alone = state
      alone.focusBlocks = []
      alone.tasks = []
      let read = try? CalendarImport.read(
        CalendarPlanning.documents(items, of: calendar), into: alone, now: start,
        horizonDays: CalendarPlanning.lookBackDays + CalendarPlanning.horizonDays + 1)
      known = Kept(
        key: key,
        read: read.map { (Instances(blocks: $0.state.focusBlocks, tasks: $0.state.tasks), $0.uids) })
      kept.withLock { $0[calendar.id] = known }
    }
    guard let read = known?.read,
      !state.focusBlocks.contains(where: { read.uids.mayName($0.id) }),
      !state.tasks.contains(where: { read.uids.mayName($0.id) })
    else {
      readCount.add(1, ordering: .relaxed)
      return try CalendarPlanning.merge(items, of: calendar, into: state, now: now)
    }
    return Self.add(read.instances, in: window, to: state)
  }

  /// Forgets the calendars not in `ids` (no longer followed).
  func keep(only ids: Set<String>) {
    kept.withLock { kept in kept = kept.filter { ids.contains($0.key) } }
  }

  /// The start of the UTC day the window starts in: the same for a day of plans.
  static func widerStart(of window: ClosedRange<Date>) -> Date {
    let seconds = window.lowerBound.timeIntervalSince1970
    return Date(timeIntervalSince1970: (seconds / 86_400).rounded(.down) * 86_400)
  }

  private static func add(_ instances: Instances, in window: ClosedRange<Date>, to state: PlanningState)
    -> PlanningState
  {
    var merged = state
    merged.focusBlocks += instances.blocks.filter { CalendarImport.counts($0.start, in: window) }
    merged.tasks += instances.tasks.filter { task in
      task.due.map { CalendarImport.counts($0, in: window) } == true
    }
    return merged
  }

  private static func digest(_ items: [CalendarItem]) -> Data {
    var hash = SHA256()
    for item in items {
      for part in [Data(item.href.utf8), Data((item.etag ?? "").utf8), item.data] {
        // Each part's length first, so that no two lists of items read the same.
        withUnsafeBytes(of: UInt64(part.count).littleEndian) { hash.update(bufferPointer: $0) }
        hash.update(data: part)
      }
      hash.update(data: Data([item.etag == nil ? 0 : 1]))
    }
    return Data(hash.finalize())
  }
}

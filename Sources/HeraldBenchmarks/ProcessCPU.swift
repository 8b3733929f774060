import Foundation

/// CPU time of processes as Linux's /proc/PID/stat counts it (user + system, in clock ticks):
/// what the benchmarks charge to a worker and to the PostgreSQL server.
enum ProcessCPU {
  struct Stat {
    var parent: Int32
    /// Seconds of CPU the process used itself.
    var own: Double
    /// Seconds of CPU its children used that have exited and been waited for.
    var children: Double
  }

  static let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))

  static func stat(_ pid: Int32) -> Stat? {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = text.lastIndex(of: ")")
    else { return nil }
    // The command name (in parentheses) may hold spaces; the fields after it do not.
    let fields = text[text.index(after: close)...].split(separator: " ")
    guard fields.count > 14, let parent = Int32(fields[1]) else { return nil }
    let ticks = fields[11...14].map { Double($0) ?? 0 }
    return Stat(
      parent: parent, own: (ticks[0] + ticks[1]) / ticksPerSecond,
      children: (ticks[2] + ticks[3]) / ticksPerSecond)
  }

  /// Seconds of CPU the processes used so far (each read while it is still running).
  static func seconds(_ pids: [Int32]) -> Double {
    pids.compactMap { stat($0)?.own }.reduce(0, +)
  }

  /// Seconds of CPU the whole server used so far: the postmaster's own, its children's that
  /// are still running (backends, checkpointer, WAL writer), and those of children that have
  /// exited (autovacuum workers, backends of closed connections), which the postmaster's
  /// cumulative children time holds once it has waited for them. A difference of two readings
  /// is then everything the server did in between, however short-lived the processes that did it.
  ///
  /// A child that exits while the children are read would be counted in neither part (or in
  /// both), and the connections that filled a benchmark's queue close just before its first
  /// reading: read again until the postmaster's count of exited children's time is the same
  /// before and after.
  static func serverSeconds(postmaster: Int32) -> Double {
    while let before = stat(postmaster) {
      let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
      let children = entries.compactMap(Int32.init).compactMap(stat).filter { $0.parent == postmaster }
      guard let after = stat(postmaster) else { return 0 }
      if after.children == before.children {
        return after.own + after.children + children.map(\.own).reduce(0, +)
      }
    }
    return 0
  }
}

/// The whole machine's CPU as /proc/stat counts it: what share of its cores were busy between two
/// readings, whoever was busy.
struct MachineCPU {
  var busy: Double
  var total: Double

  static func now() -> MachineCPU {
    guard let text = try? String(contentsOfFile: "/proc/stat", encoding: .utf8),
      let line = text.split(separator: "\n").first(where: { $0.hasPrefix("cpu ") })
    else { return MachineCPU(busy: 0, total: 0) }
    // user nice system idle iowait irq softirq steal …: idle and iowait are the idle time.
    let fields = line.split(separator: " ").dropFirst().compactMap { Double($0) }
    guard fields.count >= 8 else { return MachineCPU(busy: 0, total: 0) }
    let idle = fields[3] + fields[4]
    let total = fields.prefix(8).reduce(0, +)
    return MachineCPU(busy: total - idle, total: total)
  }

  /// The busy share of the machine from `earlier` to this reading (0–1).
  func busyShare(since earlier: MachineCPU) -> Double {
    let total = self.total - earlier.total
    return total > 0 ? (busy - earlier.busy) / total : 0
  }
}

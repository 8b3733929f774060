import Foundation
import HeraldCore
import HeraldInterchange
import HeraldTestSupport

/// When to kill a run, and how long the daemon then stays down.
struct ChaosSchedule: CustomStringConvertible {
  enum Kill {
    /// SIGKILL once this many distinct reminders have been seen in all, after a further pause
    /// (microseconds) that lets the kill land anywhere in the show-and-record cycle.
    case afterDelivered(Int, pauseMicroseconds: Int)
    /// SIGKILL this long (milliseconds) after the launch, whatever it has shown.
    case duringStartup(milliseconds: Int)
    /// SIGKILL this long (milliseconds) after the run logged "started": it has taken over (its
    /// checkpoint is written), and is killed before or around its first reminder. A daemon
    /// killed before its very first start completes never took over: what fell due before its
    /// next start is not owed (README, "The daemon"), so the first kill must not land there.
    case afterStarted(milliseconds: Int)
  }

  struct Step {
    var kill: Kill
    var downtimeMilliseconds: Int
  }

  var kills: [Step]

  /// Five to eight kills. The first run is always killed early, just after it took over, and
  /// stays down while the first reminders fall due; one more kill at a random place is during start-up; the
  /// others come after random numbers of deliveries, never within the last 400 (half a minute
  /// of reminders, longer than two downtimes and a start-up): the last run always has work to do.
  init(reminders: Int, using random: inout SeededGenerator) {
    let count = Int.random(in: 5...8, using: &random)
    let startup = Int.random(in: 1..<count, using: &random)
    let targets = (0..<count).map { _ in Int.random(in: 1...(reminders - 400), using: &random) }.sorted()
    kills = targets.enumerated().map { index, target in
      let kill =
        index == 0
        ? Kill.afterStarted(milliseconds: Int.random(in: 0...300, using: &random))
        : index == startup
          ? Kill.duringStartup(milliseconds: Int.random(in: 0...400, using: &random))
          : Kill.afterDelivered(target, pauseMicroseconds: Int.random(in: 0...3_000, using: &random))
      let downtime = index == 0 ? 1_500...3_000 : 0...2_500
      return Step(kill: kill, downtimeMilliseconds: Int.random(in: downtime, using: &random))
    }
  }

  var startupKills: Int {
    kills.filter {
      switch $0.kill {
      case .duringStartup, .afterStarted: true
      case .afterDelivered: false
      }
    }.count
  }

  var description: String {
    let steps = kills.map { step in
      switch step.kill {
      case .afterDelivered(let target, let pause):
        "kill after \(target) shown (+\(pause) µs), down \(step.downtimeMilliseconds) ms"
      case .duringStartup(let milliseconds):
        "kill \(milliseconds) ms after launch, down \(step.downtimeMilliseconds) ms"
      case .afterStarted(let milliseconds):
        "kill \(milliseconds) ms after started, down \(step.downtimeMilliseconds) ms"
      }
    }
    return "\(kills.count) kills: " + steps.joined(separator: "; ")
  }
}

import Foundation

/// Runs every benchmark and prints one table: medians, spread, targets and the naive ways.
@main
enum BenchmarkMain {
  static func main() async {
    if CommandLine.arguments.count == 3, CommandLine.arguments[1] == ReaderBenchmark.childJob {
      ReaderBenchmark.readTrackInChild(CommandLine.arguments[2])
    }
    // Arguments pick jobs by name; none runs them all.
    let jobs: Set = [
      "plan", "proximity", "movement", "places", "daemon", "gpx", "scenario", "sse", "workers", "recurrence",
      "caldav", "compare", "calendar", "changes", "zones", "distance", "receivers", "push",
      "push-worker",
    ]
    let picked = Set(CommandLine.arguments.dropFirst())
    guard picked.isSubset(of: jobs) else {
      let usage = "usage: HeraldBenchmarks [\(jobs.sorted().joined(separator: "|"))]...\n"
      FileHandle.standardError.write(Data(usage.utf8))
      exit(2)
    }
    func wants(_ job: String) -> Bool { picked.isEmpty || picked.contains(job) }

    #if DEBUG
      print(
        """
        !!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!
        !!! WARNING: DEBUG BUILD. These figures mean nothing. Build with       !!!
        !!! swift build -c release --product HeraldBenchmarks                  !!!
        !!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!
        """)
      let build = "DEBUG (not optimized!)"
    #else
      let build = "release"
    #endif
    let info = ProcessInfo.processInfo
    print(
      "Herald benchmarks — \(build) build, \(info.activeProcessorCount) active of \(info.processorCount) cores"
    )
    print("Per-iteration medians of repeated samples; naive/ours is the ratio of medians.\n")

    let clock = ContinuousClock()
    let started = clock.now
    var harness = BenchmarkHarness()
    var rows: [BenchmarkRow] = []

    if wants("plan") {
      let plan = PlanBenchmark()
      print(plan.agreementReport())
      rows += plan.run(&harness)
    }
    if wants("proximity") {
      rows += ProximityBenchmark().run(&harness)
    }
    if wants("movement") {
      let movement = MovementBenchmark()
      print(movement.agreementReport())
      rows += movement.run(&harness)
    }

    if wants("places") {
      rows += PlacesBenchmark().run(&harness)
    }
    if wants("recurrence") {
      rows += RecurrenceBenchmark().run(&harness)
    }
    if wants("zones") {
      let zones = ZoneBenchmark()
      rows += zones.run(&harness)
    }
    if wants("push") {
      rows += PushBenchmark().run(&harness)
    }

    print("\n" + BenchmarkTable.render(rows))
    let failed = rows.filter { !$0.passes }.count
    print("\n\(rows.count - failed) of \(rows.count) within target; checksum \(harness.checksum)")
    if wants("gpx") || wants("scenario") {
      do {
        try ReaderBenchmark().run(track: wants("gpx"), scenario: wants("scenario"))
      } catch {
        print("readers benchmark failed: \(error)")
        exit(1)
      }
    }
    if wants("places") {
      do {
        try await FixLatencyBenchmark().run()
      } catch {
        print("fix latency benchmark failed: \(error)")
        exit(1)
      }
    }
    if wants("daemon") {
      do {
        try await DaemonBenchmark().run()
      } catch {
        print("daemon benchmark failed: \(error)")
        exit(1)
      }
    }
    // Only when named: it needs the release `herald` built next to this program.
    if picked.contains("sse") {
      do {
        try EventStreamBenchmark().run()
      } catch {
        print("event stream benchmark failed: \(error)")
        exit(1)
      }
    }
    // Only when named: it needs Radicale.
    if picked.contains("caldav") {
      do {
        try await CalDAVSyncBenchmark().run()
      } catch {
        print("CalDAV benchmark failed: \(error)")
        exit(1)
      }
    }
    // Only when named: it needs the release `herald` built next to this program.
    if picked.contains("calendar") {
      do {
        try CalendarBenchmark().run()
      } catch {
        print("calendar benchmark failed: \(error)")
        exit(1)
      }
    }
    // Only when named: it needs PostgreSQL and the release `herald` built next to this program.
    if picked.contains("workers") {
      do {
        try await WorkerBenchmark().run()
      } catch {
        print("workers benchmark failed: \(error)")
        exit(1)
      }
    }
    // Only when named: it needs PostgreSQL.
    if picked.contains("changes") {
      do {
        try await ChangesBenchmark().run()
      } catch {
        print("changes benchmark failed: \(error)")
        exit(1)
      }
    }
    // Only when named: it needs PostgreSQL, the release `herald` and pgqueuer's virtual environment.
    if picked.contains("compare") {
      do {
        try await QueueComparisonBenchmark().run()
      } catch {
        print("compare benchmark failed: \(error)")
        exit(1)
      }
    }
    if picked.contains("receivers") {
      do {
        try await ReceiverFaultBenchmark().run()
      } catch {
        print("receivers benchmark failed: \(error)")
        exit(1)
      }
    }
    if picked.contains("distance") {
      do {
        try await DistanceBenchmark().run()
      } catch {
        print("distance benchmark failed: \(error)")
        exit(1)
      }
    }
    if picked.contains("push-worker") {
      do {
        try await PushWorkerBenchmark().run()
      } catch {
        print("push-worker benchmark failed: \(error)")
        exit(1)
      }
    }
    print("total time \(started.duration(to: clock.now).formatted(.units(allowed: [.seconds])))")
  }
}

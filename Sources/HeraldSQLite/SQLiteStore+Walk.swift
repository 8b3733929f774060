import Foundation
import GRDB
import HeraldContracts
import HeraldCore

extension SQLiteStore {
  /// The walk under way, with what it has reached; `nil` when none is.
  public func activeWalk() throws -> Walk? {
    try read(Self.fetchWalk)
  }

  /// Starts walking the route `routeID` at `date`: it becomes the one active route.
  ///
  /// Starting the route already under way again changes nothing (`.resumed`): a point reached
  /// is not announced a second time, nor the completion. `restart` begins a new walk on it
  /// instead, as starting another route does. Throws when the route does not exist.
  @discardableResult
  public func startWalk(routeID: String, at date: Date, restart: Bool = false) throws -> WalkStart {
    try write { db in
      guard try Self.routeExists(routeID, db) else {
        throw RecordError.notFound("route \(routeID)", "no such route")
      }
      if !restart, try String.fetchOne(db, sql: "SELECT routeID FROM walk WHERE id = 1") == routeID {
        return .resumed
      }
      try Self.endWalk(db)
      try db.execute(
        sql: "INSERT INTO walk (id, routeID, startedAt) VALUES (1, ?, ?)",
        arguments: [routeID, date.timeIntervalSince1970])
      return .started
    }
  }

  /// Ends the walk under way, forgetting its track; returns it as it ended (`nil` when none was).
  @discardableResult
  public func stopWalk() throws -> Walk? {
    try write { db in
      let walk = try Self.fetchWalk(db)
      try Self.endWalk(db)
      return walk
    }
  }

  /// Records what a reminder changes without a delivery: one the user's setting silenced.
  public func recordEffects(_ effects: [DeliveryEffect]) throws {
    try write { db in try Self.apply(effects, db) }
  }

  /// Adds a position to the walk's track (for the map); nothing when no walk is under way.
  public func appendToTrack(_ coordinate: Coordinate, at date: Date) throws {
    try write { db in
      guard try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM walk)") == true else { return }
      try db.execute(
        sql: "INSERT INTO walkTrack (at, latitude, longitude) VALUES (?, ?, ?)",
        arguments: [date.timeIntervalSince1970, coordinate.latitude, coordinate.longitude])
    }
  }

  /// The positions of the walk under way, oldest first (empty when no walk is).
  public func walkTrack() throws -> [LocationFix] {
    try read { db in
      let rows = try Row.fetchAll(db, sql: "SELECT at, latitude, longitude FROM walkTrack ORDER BY id")
      return try rows.map { row in
        LocationFix(
          coordinate: try Coordinate(latitude: row[1], longitude: row[2]),
          timestamp: Date(timeIntervalSince1970: row[0]))
      }
    }
  }

  /// Applies effects as `Walk.apply` and `MovementLog.apply` say, in the caller's transaction.
  static func apply(_ effects: [DeliveryEffect], _ db: Database) throws {
    var log: MovementLog?
    for effect in effects {
      switch effect {
      case .movementReminderShown:
        if log == nil { log = try fetchMovementLog(db) ?? MovementLog() }
        log?.apply(effect)
      case .placeVisited(let routeID, let spotID, let date):
        // Only on the walk under way on that route, and only the first time.
        try db.execute(
          sql: """
            INSERT INTO walkVisit (spotID, visitedAt)
            SELECT ?, ? WHERE EXISTS (SELECT 1 FROM walk WHERE routeID = ?)
            ON CONFLICT (spotID) DO NOTHING
            """,
          arguments: [spotID, date.timeIntervalSince1970, routeID])
      case .routeCompleted(let routeID, let date):
        try db.execute(
          sql: "UPDATE walk SET completedAt = ? WHERE routeID = ? AND completedAt IS NULL",
          arguments: [date.timeIntervalSince1970, routeID])
      }
    }
    if let log { try store(log, db) }
  }

  static func fetchWalk(_ db: Database) throws -> Walk? {
    guard let row = try Row.fetchOne(db, sql: "SELECT routeID, startedAt, completedAt FROM walk WHERE id = 1")
    else { return nil }
    var visited: [String: Date] = [:]
    let visits = try Row.fetchCursor(db, sql: "SELECT spotID, visitedAt FROM walkVisit")
    while let visit = try visits.next() { visited[visit[0]] = Date(timeIntervalSince1970: visit[1]) }
    let completedAt: Double? = row[2]
    return Walk(
      routeID: row[0], startedAt: Date(timeIntervalSince1970: row[1]), visited: visited,
      completedAt: completedAt.map(Date.init(timeIntervalSince1970:)))
  }

  /// Ends the walk, if any: its visits and track go with it.
  static func endWalk(_ db: Database) throws {
    for table in ["walkVisit", "walkTrack", "walk"] { try db.execute(sql: "DELETE FROM \(table)") }
  }
}

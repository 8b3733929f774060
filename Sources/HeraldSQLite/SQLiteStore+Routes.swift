import Foundation
import GRDB
import HeraldContracts
import HeraldCore

extension SQLiteStore {
  /// Every route, with its points of interest, in the order they were first imported.
  public func routes() throws -> [Route] {
    try read { db in
      try String.fetchAll(db, sql: "SELECT id FROM route ORDER BY position").compactMap {
        try Self.fetchRoute($0, db)
      }
    }
  }

  /// The route with this id; `nil` when there is none.
  public func route(id: String) throws -> Route? {
    try read { db in try Self.fetchRoute(id, db) }
  }

  /// Adds `route`, or replaces the route with its id (its place in the list stays).
  ///
  /// Importing a route again does not restart a walk under way on it: what was reached stays
  /// reached (points the new version no longer has are forgotten) and a completion handled stays
  /// handled, so nothing is announced twice. Throws a `FieldError` when an id is empty or a
  /// name empty or too long; nothing is written then.
  @discardableResult
  public func importRoute(_ route: Route) throws -> RouteImport {
    try RecordRules.check(route)
    return try write { db in try Self.store(route, db) }
  }

  /// Removes a route; a walk under way on it ends.
  public func removeRoute(id: String) throws {
    try write { db in
      guard try Self.routeExists(id, db) else { throw RecordError.notFound("route \(id)", "no such route") }
      if try String.fetchOne(db, sql: "SELECT routeID FROM walk WHERE id = 1") == id {
        try Self.endWalk(db)
      }
      try db.execute(sql: "DELETE FROM route WHERE id = ?", arguments: [id])
    }
  }

  /// Makes `routes` the stored routes, in their order, keeping the walk on one of them.
  static func replaceRoutes(with routes: [Route], _ db: Database) throws {
    let kept = Set(routes.map(\.id))
    for id in try String.fetchAll(db, sql: "SELECT id FROM route") where !kept.contains(id) {
      if try String.fetchOne(db, sql: "SELECT routeID FROM walk WHERE id = 1") == id { try endWalk(db) }
      try db.execute(sql: "DELETE FROM route WHERE id = ?", arguments: [id])
    }
    // Positions follow the document's order; moved out of the way first (they are unique).
    try db.execute(sql: "UPDATE route SET position = -1 - position")
    for (position, route) in routes.enumerated() {
      _ = try store(route, db)
      try db.execute(sql: "UPDATE route SET position = ? WHERE id = ?", arguments: [position, route.id])
    }
  }

  /// Inserts or replaces `route` in place; the walk on it, if any, keeps the visits of points it
  /// still has.
  static func store(_ route: Route, _ db: Database) throws -> RouteImport {
    let existed = try routeExists(route.id, db)
    if existed {
      try db.execute(sql: "UPDATE route SET name = ? WHERE id = ?", arguments: [route.name, route.id])
      try db.execute(sql: "DELETE FROM routePoint WHERE routeID = ?", arguments: [route.id])
    } else {
      let position = try Int.fetchOne(db, sql: "SELECT COALESCE(MAX(position) + 1, 0) FROM route") ?? 0
      try db.execute(
        sql: "INSERT INTO route (id, position, name) VALUES (?, ?, ?)",
        arguments: [route.id, position, route.name])
    }
    let insert = try db.cachedStatement(
      sql: """
        INSERT INTO routePoint (routeID, position, id, name, latitude, longitude) VALUES (?, ?, ?, ?, ?, ?)
        """)
    for (position, point) in route.waypoints.enumerated() {
      try insert.execute(arguments: [
        route.id, position, point.id, point.name, point.coordinate.latitude, point.coordinate.longitude,
      ])
    }
    if existed, try String.fetchOne(db, sql: "SELECT routeID FROM walk WHERE id = 1") == route.id {
      try db.execute(
        sql: "DELETE FROM walkVisit WHERE spotID NOT IN (SELECT id FROM routePoint WHERE routeID = ?)",
        arguments: [route.id])
    }
    return existed ? .replaced : .added
  }

  static func routeExists(_ id: String, _ db: Database) throws -> Bool {
    try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM route WHERE id = ?)", arguments: [id]) ?? false
  }

  static func fetchRoute(_ id: String, _ db: Database) throws -> Route? {
    guard let name = try String.fetchOne(db, sql: "SELECT name FROM route WHERE id = ?", arguments: [id])
    else {
      return nil
    }
    var points: [PointOfInterest] = []
    let rows = try Row.fetchCursor(
      db, sql: "SELECT id, name, latitude, longitude FROM routePoint WHERE routeID = ? ORDER BY position",
      arguments: [id])
    do {
      while let row = try rows.next() {
        points.append(
          PointOfInterest(
            id: row[0], name: row[1], coordinate: try Coordinate(latitude: row[2], longitude: row[3])))
      }
      return try Route(id: id, name: name, waypoints: points)
    } catch let error as FieldError {
      throw error.prefixed("stored route \(id)")
    }
  }

  static func createRoutes(_ db: Database) throws {
    try db.create(table: "route") { t in
      t.primaryKey("id", .text)
      t.column("position", .integer).notNull().unique()
      t.column("name", .text).notNull()
    }
    try db.create(table: "routePoint", options: .withoutRowID) { t in
      t.column("routeID", .text).notNull().references("route", onDelete: .cascade)
      t.column("position", .integer).notNull()
      t.column("id", .text).notNull()
      t.column("name", .text).notNull()
      t.column("latitude", .double).notNull()
      t.column("longitude", .double).notNull()
      t.primaryKey(["routeID", "position"])
      t.uniqueKey(["routeID", "id"])
    }
    // The walk under way (one row at most) and what it recorded. A route removed ends its walk;
    // a route imported again keeps it.
    try db.create(table: "walk") { t in
      t.primaryKey("id", .integer).check { $0 == 1 }
      t.column("routeID", .text).notNull().references("route", onDelete: .cascade)
      t.column("startedAt", .double).notNull()
      t.column("completedAt", .double)
    }
    try db.create(table: "walkVisit", options: .withoutRowID) { t in
      t.primaryKey("spotID", .text)
      t.column("visitedAt", .double).notNull()
    }
    // Where the walker went, for the map: thinned positions, oldest first.
    try db.create(table: "walkTrack") { t in
      t.autoIncrementedPrimaryKey("id")
      t.column("at", .double).notNull()
      t.column("latitude", .double).notNull()
      t.column("longitude", .double).notNull()
    }
  }
}

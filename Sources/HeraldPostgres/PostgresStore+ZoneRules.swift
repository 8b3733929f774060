import Foundation
import HeraldCore
import HeraldInterchange
import PostgresNIO

extension PostgresStore {
  /// The zones the users live in, each with the fingerprint of the rules its users' deliveries
  /// were last replanned with (nil: none noted yet).
  public func zonesInUse() async throws -> [(zone: String, fingerprint: UInt64?)] {
    try await client.withConnection { connection in
      let rows = try await connection.query(
        """
        SELECT z.time_zone, r.fingerprint FROM (SELECT DISTINCT time_zone FROM herald_user) AS z
        LEFT JOIN zone_rules AS r ON r.time_zone = z.time_zone ORDER BY z.time_zone
        """, logger: logger)
      var zones: [(zone: String, fingerprint: UInt64?)] = []
      for try await (zone, fingerprint) in rows.decode((String, Int64?).self) {
        zones.append((zone, fingerprint.map { UInt64(bitPattern: $0) }))
      }
      return zones
    }
  }

  /// Replans every user who lives in `rules`' zone, reading their data in those rules, from `now`
  /// — `batch` users to a transaction, each user's row locked while theirs is written, as every
  /// change does — then notes the rules' fingerprint for the zone (`noteRules`). How many users
  /// were replanned.
  /// A user whose stored data cannot be read keeps their deliveries (every other read reports it).
  public func replanUsers(inZone rules: Zone, now: Date, batch: Int = 200) async throws -> Int {
    let ids = try await client.withConnection { connection in
      var ids: [Int64] = []
      let rows = try await connection.query(
        "SELECT id FROM herald_user WHERE time_zone = \(rules.identifier) ORDER BY id", logger: logger)
      for try await id in rows.decode(Int64.self) { ids.append(id) }
      return ids
    }
    var replanned = 0
    var start = 0
    while start < ids.count {
      let chunk = Array(ids[start..<min(start + batch, ids.count)])
      start += chunk.count
      replanned += try await transaction { connection in
        var locked: [Int64] = []
        let rows = try await connection.query(
          """
          SELECT id FROM herald_user WHERE id = ANY(\(chunk)) AND time_zone = \(rules.identifier)
          ORDER BY id FOR UPDATE
          """, logger: logger)
        for try await id in rows.decode(Int64.self) { locked.append(id) }
        let states = try await cachedStates(connection, ofUsers: locked, taskRows: true)
        var users: [(user: Int64, rows: UserReplan)] = []
        for id in locked {
          guard var state = try? states[id]?.get() else { continue }
          state.timeZone = rules
          users.append((id, UserReplan(state, now: now, tasksBefore: state.tasks, changed: .all)))
        }
        try await Self.replan(connection, users, logger: logger)
        return users.count
      }
    }
    try await noteRules(of: rules)
    return replanned
  }

  /// Notes `rules` as those the deliveries of their zone's users are planned with.
  public func noteRules(of rules: Zone) async throws {
    try await execute(
      """
      INSERT INTO zone_rules (time_zone, fingerprint) VALUES (\(rules.identifier), \(Int64(bitPattern: rules.fingerprint)))
      ON CONFLICT (time_zone) DO UPDATE SET fingerprint = excluded.fingerprint, noted_at = now()
      """)
  }
}

import Foundation
import GRDB
import HeraldCore

extension SQLiteStore {
  /// Every setting: the stored ones, the defaults for the rest.
  public func settings() throws -> Settings {
    try read(Self.fetchSettings)
  }

  /// Sets one setting after `SettingKey` has checked the value; on error nothing changes.
  public func set(_ key: SettingKey, _ value: SettingKey.Value) throws {
    try key.validate(value)
    try write { db in try Self.store(key, value, db) }
  }

  /// Stores every setting and the language in one transaction: a form or a PATCH that sets several
  /// at once is applied whole or not at all. `settings` is valid by construction.
  public func setSettings(_ settings: Settings, language: Language) throws {
    try write { db in
      for key in SettingKey.allCases { try Self.store(key, settings[key], db) }
      try db.execute(sql: "UPDATE profile SET language = ? WHERE id = 1", arguments: [language.rawValue])
    }
  }

  /// The language of notification texts.
  public func language() throws -> Language {
    try read(Self.fetchLanguage)
  }

  /// Sets the language of notification texts.
  public func setLanguage(_ language: Language) throws {
    try write { db in
      try db.execute(sql: "UPDATE profile SET language = ? WHERE id = 1", arguments: [language.rawValue])
    }
  }

  /// The name of the zone of the last imported scenario, if any. Only `herald export` uses it, to
  /// write the document back as it came; plans use the zone the system is in now.
  public func storedTimeZoneName() throws -> String? {
    try read { db in try String.fetchOne(db, sql: "SELECT timeZone FROM profile WHERE id = 1") }
  }

  static func fetchSettings(_ db: Database) throws -> Settings {
    var settings = Settings()
    for row in try Row.fetchAll(db.cachedStatement(sql: "SELECT key, value FROM setting")) {
      let name: String = row[0]
      // A key a later Herald wrote is not this version's business: keep the default.
      guard let key = SettingKey(rawValue: name) else { continue }
      do {
        try settings.set(key, to: key.parse(row[1]))
      } catch {
        throw error.prefixed("stored settings")
      }
    }
    return settings
  }

  static func store(_ key: SettingKey, _ value: SettingKey.Value, _ db: Database) throws {
    try db.execute(
      sql:
        "INSERT INTO setting (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
      arguments: [key.rawValue, value.text])
  }

  static func fetchLanguage(_ db: Database) throws -> Language {
    let name =
      try String.fetchOne(db.cachedStatement(sql: "SELECT language FROM profile WHERE id = 1")) ?? "de"
    return try Language(parsing: name, field: "stored locale")
  }
}

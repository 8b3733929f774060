import HeraldCore

extension ZoneDatabase {
  /// The zone a `Zone.identifier` names: an IANA name, else a POSIX TZ string such as
  /// `EST5EDT,M3.2.0,M11.1.0` (what `TZ` may hold, and so what Herald may have written).
  public func zone(identifier: String) throws(ZoneLookupError) -> Zone {
    do {
      return try zone(named: identifier)
    } catch .unknown {
      guard identifier.utf8.contains(where: { (48...57).contains($0) }),
        let rule = try? PosixTimeZoneText.parse(identifier)
      else { throw .unknown(identifier) }
      return Zone(identifier: identifier, initialOffset: rule.standardOffset, changes: [], rule: rule)
    }
  }

  /// The zone a field's value names (`zone(identifier:)`); an error names the field.
  public func zone(identifier: String, field: String) throws(FieldError) -> Zone {
    do {
      return try zone(identifier: identifier)
    } catch {
      throw FieldError(field, error.description)
    }
  }
}

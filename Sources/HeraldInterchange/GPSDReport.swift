import Foundation
import HeraldCore

/// A line of gpsd's JSON protocol (`gpsd_json(5)`), read for what the proximity monitor needs: a
/// `TPV` report with a 2D or 3D fix.
public enum GPSDReport {
  /// gpsd cuts reports at this many characters: a longer line is damaged.
  public static let maximumLineLength = 10_240

  /// The command that asks gpsd for reports as JSON; sent once per connection.
  public static let watchCommand = #"?WATCH={"enable":true,"json":true}"# + "\n"

  /// What a line says.
  public enum Line: Sendable, Hashable {
    /// A position: a `TPV` report with `mode` 2 or 3, a position, a time.
    case fix(LocationFix)
    /// A report of another class (`VERSION`, `DEVICES`, `WATCH`, `SKY`, …), a `TPV` without a
    /// position (`mode` 0 or 1), or one without a time (gpsd's first report after it opens a
    /// receiver often has none): nothing to act on.
    case other
  }

  /// Reads one line (without its line break). Throws a `FieldError` naming the field and the
  /// problem when the line is not JSON, or a `TPV` with a fix has an unusable field.
  public static func parse(_ line: String) throws(FieldError) -> Line {
    guard line.utf8.count <= maximumLineLength else {
      throw FieldError("", "longer than gpsd's \(maximumLineLength) characters: cut off")
    }
    let report = try JSONValue.parse(Data(line.utf8))
    guard case .string("TPV")? = report["class"] else { return .other }
    guard case .number(let mode)? = report["mode"], mode >= 2 else { return .other }
    let latitude = try number(report, "lat")
    let longitude = try number(report, "lon")
    guard let timeValue = report["time"] else { return .other }
    guard case .string(let timeText) = timeValue else {
      throw FieldError("time", "expected a string, got \(JSONWriter.string(timeValue, pretty: false))")
    }
    guard let time = RFC3339.parse(timeText) else {
      throw FieldError("time", "not an RFC 3339 date: \(JSONWriter.string(.string(timeText)))")
    }
    let coordinate: Coordinate
    do { coordinate = try Coordinate(latitude: latitude, longitude: longitude) } catch {
      throw FieldError(error.field == "latitude" ? "lat" : "lon", error.problem)
    }
    // The horizontal error: `eph`, else the larger of the two axes' errors.
    let eph = try optionalNumber(report, "eph")
    let epx = try optionalNumber(report, "epx")
    let epy = try optionalNumber(report, "epy")
    let accuracy = eph ?? maxOptional(epx, epy)
    return .fix(LocationFix(coordinate: coordinate, timestamp: time, horizontalAccuracy: accuracy))
  }

  private static func number(_ report: JSONValue, _ key: String) throws(FieldError) -> Double {
    guard let value = try optionalNumber(report, key) else { throw FieldError(key, "missing") }
    return value
  }

  private static func optionalNumber(_ report: JSONValue, _ key: String) throws(FieldError) -> Double? {
    guard let value = report[key] else { return nil }
    guard case .number(let number) = value, number.isFinite else {
      throw FieldError(key, "expected a finite number, got \(JSONWriter.string(value, pretty: false))")
    }
    return number
  }

  private static func maxOptional(_ a: Double?, _ b: Double?) -> Double? {
    switch (a, b) {
    case (let a?, let b?): max(a, b)
    case (let a?, nil): a
    case (nil, let b?): b
    case (nil, nil): nil
    }
  }
}

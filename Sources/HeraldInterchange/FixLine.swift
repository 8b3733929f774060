import Foundation
import HeraldCore

/// One location fix as a line of JSON, what `herald run --location stdin` reads:
/// `{"latitude": 45.27, "longitude": 13.71, "time": "2026-05-01T10:00:00Z", "accuracy": 8}`.
/// `accuracy` (metres, the horizontal error) is optional; no other key is allowed.
public enum FixLine {
  /// Reads a line; errors name the field and the problem.
  public static func parse(_ line: String) throws(FieldError) -> LocationFix {
    let object = try ObjectReader(JSONValue.parse(Data(line.utf8)), path: "")
    try object.allowOnly(["latitude", "longitude", "time", "accuracy"])
    let latitude = try number(object, "latitude")
    let longitude = try number(object, "longitude")
    let time = try object.requiredInstant("time")
    let accuracy = try object.value("accuracy") == nil ? nil : number(object, "accuracy")
    if let accuracy, accuracy < 0 { throw FieldError("accuracy", "must not be negative, got \(accuracy)") }
    return LocationFix(
      coordinate: try Coordinate(latitude: latitude, longitude: longitude), timestamp: time,
      horizontalAccuracy: accuracy)
  }

  /// The line for `fix`, as `parse` reads it.
  public static func text(_ fix: LocationFix) -> String {
    var members: [JSONValue.Member] = [
      .init("latitude", .number(fix.coordinate.latitude)),
      .init("longitude", .number(fix.coordinate.longitude)),
      .init("time", .string(RFC3339.utcStringWithMilliseconds(fix.timestamp))),
    ]
    if let accuracy = fix.horizontalAccuracy { members.append(.init("accuracy", .number(accuracy))) }
    return JSONWriter.string(.object(members), pretty: false)
  }

  private static func number(_ object: ObjectReader, _ key: String) throws(FieldError) -> Double {
    guard let value = object.value(key) else { throw FieldError(object.field(key), "required") }
    guard case .number(let number) = value, number.isFinite else {
      throw FieldError(object.field(key), "expected a number, got \(JSONWriter.string(value, pretty: false))")
    }
    return number
  }
}

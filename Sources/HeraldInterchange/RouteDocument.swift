import Foundation
import HeraldCore

/// The JSON route of `contracts/plan.md`:
/// `{"id", "name", "waypoints": [{"id", "name", "latitude", "longitude"}]}`.
public enum RouteDocument {
  public static func decode(_ data: Data) throws(FieldError) -> Route {
    let root = try ObjectReader(JSONValue.parse(data), path: "")
    try root.allowOnly(["id", "name", "waypoints"])
    let id = try Validation.identifier(root.requiredString("id"), field: "id")
    var points: [PointOfInterest] = []
    for (index, element) in (try root.array("waypoints") ?? []).enumerated() {
      let point = try ObjectReader(element, path: "waypoints[\(index)]")
      try point.allowOnly(["id", "name", "latitude", "longitude"])
      let latitude = try number(point, "latitude")
      let longitude = try number(point, "longitude")
      let coordinate: Coordinate
      do { coordinate = try Coordinate(latitude: latitude, longitude: longitude) } catch {
        throw error.prefixed(point.path)
      }
      points.append(
        PointOfInterest(
          id: try Validation.identifier(point.requiredString("id"), field: point.field("id")),
          name: try point.title("name"), coordinate: coordinate))
    }
    return try Route(id: id, name: root.string("name") ?? id, waypoints: points)
  }

  private static func number(_ object: ObjectReader, _ key: String) throws(FieldError) -> Double {
    guard let value = object.value(key) else { throw FieldError(object.field(key), "required") }
    guard case .number(let number) = value else {
      throw FieldError(object.field(key), "expected a number, got \(JSONWriter.string(value, pretty: false))")
    }
    return number
  }
}

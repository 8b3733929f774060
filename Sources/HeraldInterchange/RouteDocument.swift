import Foundation
import HeraldCore

/// The JSON route of `contracts/plan.md`:
/// `{"id", "name", "waypoints": [{"id", "name", "latitude", "longitude"}]}`.
public enum RouteDocument {
  public static func decode(_ data: Data) throws(FieldError) -> Route {
    try decode(ObjectReader(JSONValue.parse(data), path: ""))
  }

  /// Reads a route object found in a larger document (a scenario's `routes[2]`).
  static func decode(_ root: ObjectReader) throws(FieldError) -> Route {
    try root.allowOnly(["id", "name", "waypoints"])
    let id = try Validation.identifier(root.requiredString("id"), field: "id")
    var points: [PointOfInterest] = []
    for (index, element) in (try root.array("waypoints") ?? []).enumerated() {
      let point = try ObjectReader(element, path: root.field("waypoints[\(index)]"))
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
    do {
      let name = try root.string("name").map { (text) throws(FieldError) in
        try Validation.title(text, field: root.field("name"))
      }
      return try Route(id: id, name: name ?? id, waypoints: points)
    } catch {
      throw error.prefixed(root.path)
    }
  }

  /// The route as the contract's JSON object, which `decode` reads back to the same route.
  public static func json(_ route: Route) -> JSONValue {
    .object([
      .init("id", .string(route.id)), .init("name", .string(route.name)),
      .init(
        "waypoints",
        .array(
          route.waypoints.map { point in
            .object([
              .init("id", .string(point.id)), .init("name", .string(point.name)),
              .init("latitude", .number(point.coordinate.latitude)),
              .init("longitude", .number(point.coordinate.longitude)),
            ])
          })),
    ])
  }

  /// The route as a pretty-printed JSON document ending in a newline.
  public static func encode(_ route: Route) -> String { JSONWriter.string(json(route)) + "\n" }

  private static func number(_ object: ObjectReader, _ key: String) throws(FieldError) -> Double {
    guard let value = object.value(key) else { throw FieldError(object.field(key), "required") }
    guard case .number(let number) = value else {
      throw FieldError(object.field(key), "expected a number, got \(JSONWriter.string(value, pretty: false))")
    }
    return number
  }
}

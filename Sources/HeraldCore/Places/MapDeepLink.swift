import Foundation

/// Where tapping a place notification leads: the map, focused on the route and spot.
/// Rendered as `herald://map?route={routeID}&spot={spotID}`.
public struct MapDeepLink: Sendable, Hashable, CustomStringConvertible {
  public var routeID: String
  public var spotID: String?

  public init(routeID: String, spotID: String? = nil) {
    self.routeID = routeID
    self.spotID = spotID
  }

  public var description: String {
    var link = "herald://map?route=\(Self.escape(routeID))"
    if let spotID { link += "&spot=\(Self.escape(spotID))" }
    return link
  }

  /// Reads a link back; `nil` unless it is a map link with a route.
  public init?(_ text: String) {
    let prefix = "herald://map?"
    guard text.hasPrefix(prefix) else { return nil }
    var route: String?
    var spot: String?
    for pair in text.dropFirst(prefix.count).split(separator: "&") {
      let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
      guard parts.count == 2, let value = parts[1].removingPercentEncoding else { return nil }
      if parts[0] == "route" { route = value } else if parts[0] == "spot" { spot = value }
    }
    guard let route else { return nil }
    self.init(routeID: route, spotID: spot)
  }

  private static func escape(_ value: String) -> String {
    value.addingPercentEncoding(withAllowedCharacters: .urlQueryValueAllowed) ?? value
  }
}

extension CharacterSet {
  /// Unreserved URL characters: a query value keeps only these unescaped.
  fileprivate static let urlQueryValueAllowed = CharacterSet(
    charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}

import Foundation
import HeraldCore

/// The GPX side of `XMLTokenizer`: keeps the text of `<name>` and `<time>` only, checks every
/// point, hands complete ones over.
struct GPXHandler: XMLHandler {
  let waypoint: (GPXDocument.Waypoint) -> Void
  let fix: (LocationFix) -> Void
  var documentName: String?

  /// The elements GPX reading cares about; everything else is `.other`.
  enum Element {
    case gpx, metadata, wpt, trkpt, rtept, name, time, other
  }

  /// A name or time longer than this is refused: no point needs one, and it bounds memory.
  static let maximumText = 1 << 16

  private var path: [Element] = []
  private var text: [UInt8] = []
  private var collecting = false
  private var point: (element: Element, index: Int, coordinate: Coordinate, name: String?, time: Date?)?
  private var waypointCount = 0
  private var trackPointCount = 0
  private var routePointCount = 0

  init(waypoint: @escaping (GPXDocument.Waypoint) -> Void, fix: @escaping (LocationFix) -> Void) {
    self.waypoint = waypoint
    self.fix = fix
  }

  mutating func start(_ tag: XMLTag) throws(FieldError) {
    let element = Self.element(tag.localName)
    if path.isEmpty, element != .gpx {
      throw FieldError(
        "", "not a GPX document (root element <\(String(decoding: tag.localName, as: UTF8.self))>)")
    }
    path.append(element)
    text.removeAll(keepingCapacity: true)
    collecting = element == .name || element == .time
    let index: Int
    switch element {
    case .wpt:
      waypointCount += 1
      index = waypointCount
    case .trkpt:
      trackPointCount += 1
      index = trackPointCount
    case .rtept:
      routePointCount += 1
      index = routePointCount
    default: return
    }
    var label: String { "<\(element == .wpt ? "wpt" : element == .trkpt ? "trkpt" : "rtept")> \(index)" }
    guard let latText = tag.value(of: "lat"), let lat = Double(latText) else {
      throw FieldError(label, "lat: missing or not a number")
    }
    guard let lonText = tag.value(of: "lon"), let lon = Double(lonText) else {
      throw FieldError(label, "lon: missing or not a number")
    }
    do {
      point = (element, index, try Coordinate(latitude: lat, longitude: lon), nil, nil)
    } catch {
      throw FieldError(label, "\(error.field == "latitude" ? "lat" : "lon"): \(error.problem)")
    }
  }

  mutating func text(_ bytes: UnsafeBufferPointer<UInt8>) throws(FieldError) {
    guard collecting else { return }
    guard text.count + bytes.count <= Self.maximumText else {
      throw FieldError(path.last == .name ? "<name>" : "<time>", "longer than \(Self.maximumText / 1024) KiB")
    }
    text.append(contentsOf: bytes)
  }

  mutating func end(_ name: UnsafeBufferPointer<UInt8>) throws(FieldError) {
    let element = path.removeLast()
    defer {
      collecting = false
      text.removeAll(keepingCapacity: true)
    }
    let parent = path.last
    switch element {
    case .name where parent == .wpt || parent == .trkpt:
      let name = try value(of: element)
      point?.name = name
    case .name where parent == .metadata || (parent == .gpx && documentName == nil):
      documentName = try value(of: element)
    case .time where parent == .trkpt:
      let value = try value(of: element)
      guard let date = RFC3339.parse(value) else {
        throw FieldError("<trkpt> \(point?.index ?? 0)", "time: not an RFC 3339 date: \"\(value)\"")
      }
      point?.time = date
    case .wpt:
      if let point { waypoint(.init(coordinate: point.coordinate, name: point.name)) }
      point = nil
    case .trkpt:
      if let point, let time = point.time { fix(LocationFix(coordinate: point.coordinate, timestamp: time)) }
      point = nil
    default:
      break
    }
  }

  /// The collected text, trimmed; refused when it is not UTF-8.
  private func value(of element: Element) throws(FieldError) -> String {
    // XML's own spaces are trimmed on the bytes; ASCII text (every time) needs no more checks.
    var from = text.startIndex
    var to = text.endIndex
    while from < to, XMLTag.isSpace(text[from]) { from += 1 }
    while to > from, XMLTag.isSpace(text[to - 1]) { to -= 1 }
    let trimmed = text[from..<to]
    if trimmed.allSatisfy({ $0 < 0x80 }) { return String(decoding: trimmed, as: UTF8.self) }
    guard let string = String(bytes: trimmed, encoding: .utf8) else {
      throw FieldError("<\(element == .name ? "name" : "time")>", "not UTF-8 text")
    }
    return string.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  private static func element(_ name: UnsafeBufferPointer<UInt8>) -> Element {
    switch name.count {
    case 3:
      if name.elementsEqual("gpx".utf8) { return .gpx } else if name.elementsEqual("wpt".utf8) { return .wpt }
    case 4:
      if name.elementsEqual("name".utf8) {
        return .name
      } else if name.elementsEqual("time".utf8) {
        return .time
      }
    case 5:
      if name.elementsEqual("trkpt".utf8) {
        return .trkpt
      } else if name.elementsEqual("rtept".utf8) {
        return .rtept
      }
    case 8: if name.elementsEqual("metadata".utf8) { return .metadata }
    default: break
    }
    return .other
  }
}

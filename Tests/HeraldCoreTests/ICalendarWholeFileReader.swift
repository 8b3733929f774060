import Foundation
import HeraldCore

@testable import HeraldInterchange

/// The iCalendar reader as it was before it streamed (commit fd4b8a0): the whole file unfolded
/// first, then read line by line into one tree. Kept only as the oracle the streaming reader is
/// compared with — same components, same first error — on fixtures and on damaged copies of them.
enum ICalendarWholeFileReader {
  static func read(_ data: Data, path: String) throws(FieldError) -> [ICalendarComponent] {
    do {
      return try read(data)
    } catch {
      throw error.inFile(path)
    }
  }

  private static func read(_ data: Data) throws(ICalendarProblem) -> [ICalendarComponent] {
    var calendars: [ICalendarComponent] = []
    var open: [ICalendarComponent] = []
    for unfolded in try unfold(data) {
      let property: ICalendarProperty
      do {
        property = try ICalendarLineParser.property(unfolded)
      } catch {
        throw ICalendarProblem(line: error.line, uid: open.last?.uid, error.problem)
      }
      switch property.name {
      case "BEGIN":
        let name = try componentName(property, uid: open.last?.uid)
        if open.isEmpty, name != "VCALENDAR" {
          throw ICalendarProblem(line: property.line, "expected BEGIN:VCALENDAR, got BEGIN:\(name)")
        }
        open.append(ICalendarComponent(name: name, line: property.line))
      case "END":
        let name = try componentName(property, uid: open.last?.uid)
        guard let closed = open.popLast() else {
          throw ICalendarProblem(line: property.line, "END:\(name) with no BEGIN:\(name)")
        }
        guard closed.name == name else {
          throw ICalendarProblem(
            line: property.line, uid: closed.uid,
            "END:\(name) does not close BEGIN:\(closed.name) of line \(closed.line)")
        }
        if open.isEmpty {
          calendars.append(closed)
        } else {
          open[open.count - 1].components.append(closed)
        }
      default:
        guard !open.isEmpty else {
          throw ICalendarProblem(
            line: property.line, "\(property.name) outside BEGIN:VCALENDAR … END:VCALENDAR")
        }
        open[open.count - 1].properties.append(property)
      }
    }
    if let unclosed = open.last {
      throw ICalendarProblem(
        line: unclosed.line, uid: unclosed.uid,
        "BEGIN:\(unclosed.name) is not closed by END:\(unclosed.name) (the file ends first)")
    }
    guard !calendars.isEmpty else { throw ICalendarProblem(line: 1, "no BEGIN:VCALENDAR: the file is empty") }
    return calendars
  }

  private static func unfold(_ data: Data) throws(ICalendarProblem) -> [ICalendarLineParser.Unfolded] {
    var lines: [ICalendarLineParser.Unfolded] = []
    var current: ICalendarLineParser.Unfolded?
    var physical = 0
    var index = data.startIndex
    if data.starts(with: [0xEF, 0xBB, 0xBF]) { index += 3 }
    while index < data.endIndex {
      physical += 1
      let end = data[index...].firstIndex(of: UInt8(ascii: "\n")) ?? data.endIndex
      var piece = data[index..<end]
      if piece.last == UInt8(ascii: "\r") { piece = piece.dropLast() }
      index = end < data.endIndex ? data.index(after: end) : end
      if let first = piece.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") {
        guard current != nil else {
          throw ICalendarProblem(
            line: physical, "a continuation line (starting with a space or tab) with no line before it")
        }
        current?.bytes.append(contentsOf: piece.dropFirst())
        continue
      }
      if let finished = current { lines.append(finished) }
      guard !piece.isEmpty else {
        throw ICalendarProblem(line: physical, "an empty line is not NAME[;PARAM=…]:VALUE")
      }
      current = ICalendarLineParser.Unfolded(bytes: Array(piece), line: physical)
    }
    if let finished = current { lines.append(finished) }
    return lines
  }

  private static func componentName(_ property: ICalendarProperty, uid: String?) throws(ICalendarProblem)
    -> String
  {
    let name = property.value.uppercased()
    guard !name.isEmpty, name.utf8.allSatisfy(ICalendarLineParser.isNameByte), property.parameters.isEmpty
    else {
      throw ICalendarProblem(
        line: property.line, uid: uid, "\(property.name): not a component name: \"\(property.value)\"")
    }
    return name
  }
}

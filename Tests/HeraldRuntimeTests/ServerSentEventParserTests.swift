import Foundation
import HeraldRuntime
import Testing

/// The `text/event-stream` format as the WHATWG HTML standard defines it ("Server-sent events",
/// "Interpreting an event stream"), fed in pieces cut anywhere, as a network hands them over.
@Suite struct ServerSentEventParserTests {
  typealias Event = ServerSentEventParser.Event

  /// A stream, and the events the standard says it dispatches.
  static let stream =
    "retry: 2500\r\n: a comment\r\nid: 7\r\ndata: {\"a\": 1}\r\n\r\n"
    + "data: first\ndata: second\n\n"  // two data lines joined by a line feed; the id carries over
    + "event: delivery\rid: 9\rdata:no space\r\r"  // CR alone ends lines too
    + "id: 10\n\n"  // no data: nothing dispatched, but the id is set
    + "data: last\n\n"
    + "data: cut off"  // never ended by a blank line: never dispatched

  static let expected = [
    Event(id: "7", type: "message", data: #"{"a": 1}"#),
    Event(id: "7", type: "message", data: "first\nsecond"),
    Event(id: "9", type: "delivery", data: "no space"),
    Event(id: "10", type: "message", data: "last"),
  ]

  @Test func aWholeStreamGivesTheStandardsEvents() {
    var parser = ServerSentEventParser()
    #expect(parser.feed(Array(Self.stream.utf8)) == Self.expected)
    #expect(parser.retry == 2500)
    #expect(parser.lastEventID == "10")
  }

  @Test(arguments: [1, 2, 3, 5, 7, 64])
  func piecesCutAnywhereGiveTheSameEvents(size: Int) {
    var parser = ServerSentEventParser()
    let bytes = Array(Self.stream.utf8)
    var events: [Event] = []
    for start in stride(from: 0, to: bytes.count, by: size) {
      events += parser.feed(bytes[start..<min(start + size, bytes.count)])
    }
    #expect(events == Self.expected)
  }

  @Test func aCRAndItsLFInDifferentPiecesEndOneLine() {
    var parser = ServerSentEventParser()
    #expect(parser.feed(Array("data: a\r".utf8)).isEmpty)
    // The LF completes the CR LF: not a blank line, so nothing is dispatched yet.
    #expect(parser.feed(Array("\n".utf8)).isEmpty)
    #expect(parser.feed(Array("\r\n".utf8)) == [Event(id: nil, type: "message", data: "a")])
  }

  @Test func anIDHoldingNULIsIgnored() {
    var parser = ServerSentEventParser()
    let events = parser.feed(Array("id: 1\n\ndata: x\nid: 2\u{0}3\n\n".utf8))
    #expect(events == [Event(id: "1", type: "message", data: "x")])
  }

  @Test func multiByteCharactersSplitAcrossPiecesArriveWhole() {
    var parser = ServerSentEventParser()
    let bytes = Array("data: Grüße 🧘\n\n".utf8)
    var events: [Event] = []
    for byte in bytes { events += parser.feed([byte]) }
    #expect(events.map(\.data) == ["Grüße 🧘"])
  }
}

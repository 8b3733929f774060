import Foundation
import HeraldCore
import HeraldTestSupport
import Testing

@testable import HeraldInterchange

/// The streaming GPX reader: the same result however the bytes arrive, and the inputs the
/// fuzzer found (`.ci/fuzz`), each a test of its own.
@Suite struct GPXReaderTests {
  static let track = HeraldProcess.repositoryRoot.appendingPathComponent(
    "examples/gpx/around-visnjan-with-car.gpx")

  func failure(_ bytes: [UInt8]) -> String {
    do {
      try GPXReader.read(Data(bytes))
      return "accepted"
    } catch {
      return error.description
    }
  }

  @Test func aTrackReadWholeAndReadByteByByteAgree() throws {
    let data = try Data(contentsOf: Self.track)
    let whole = try GPXDocument(data: data)
    var offset = 0
    var pieces: [LocationFix] = []
    let name = try GPXReader.readForTesting(
      source: { (buffer) throws(FieldError) in
        guard offset < data.count else { return 0 }
        buffer[0] = data[offset]
        offset += 1
        return 1
      }, fix: { pieces.append($0) })
    #expect(name == whole.name)
    #expect(pieces == whole.fixes)
    #expect(pieces.count > 100)
  }

  @Test func entitiesCDATAAndPrefixesAreRead() throws {
    let text = """
      <?xml version="1.0" encoding="utf-8"?><!-- a comment -->
      <g:gpx xmlns:g="http://www.topografix.com/GPX/1/1"><g:metadata><g:name>A &amp; B <![CDATA[<C>]]> &#x44;&#69;</g:name></g:metadata>
      <g:wpt lat='45.5' lon="13.5"><g:name>&lt;Kapelle&gt; &quot;&apos;</g:name></g:wpt></g:gpx>
      """
    let document = try GPXDocument(data: Data(text.utf8))
    #expect(document.name == "A & B <C> DE")
    #expect(document.waypoints.map(\.name) == ["<Kapelle> \"'"])
  }

  @Test func nestingBeyondTheLimitIsRefused() {
    let deep =
      "<gpx>" + String(repeating: "<a>", count: 300) + String(repeating: "</a>", count: 300) + "</gpx>"
    #expect(
      failure(Array(deep.utf8)) == "not well-formed XML: elements nested deeper than 256 levels (line 1)")
  }

  /// Fuzzer finding: `<?>` was read as a whole processing instruction and crashed on its body.
  @Test func anInstructionWithoutItsEndIsNoCrash() {
    #expect(
      failure(Array("<?>&?\"?>x\n".utf8)) == "not well-formed XML: text before the root element (line 1)")
    #expect(
      failure(Array("<?>".utf8)) == "not well-formed XML: the file ends inside markup: it is cut off (line 1)"
    )
  }

  /// Fuzzer finding: the line of stray text was the line where the spaces before it began, so
  /// it depended on how the bytes arrived.
  @Test func strayTextIsReportedOnItsOwnLine() {
    let bytes = Array("<?xml version=\"1.0\"?>\n".utf8) + [0xFF, 0xFF]
    #expect(failure(bytes) == "not well-formed XML: text before the root element (line 2)")
  }
}

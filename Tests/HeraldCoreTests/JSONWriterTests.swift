import Foundation
import HeraldInterchange
import PropertyBased
import Testing

/// The JSON writer: whatever a user typed comes back exactly when the text is read again, by our
/// reader and by Foundation's.
@Suite struct JSONWriterTests {
  /// Control characters, quotes and backslashes among plain ASCII, Latin-1 and emoji.
  static let text = Gen<Character>.oneOf(
    Gen.ascii, Gen.latin1, Gen.character(in: "\u{1F600}"..."\u{1F64F}")
  ).string(of: 0...40)

  @Test func anyTextReadsBackExactly() async {
    await propertyCheck(input: Self.text) { text in
      let written = JSONWriter.string(.object([.init(text, .string(text))]), pretty: false)
      #expect(try JSONValue.parse(Data(written.utf8)) == .object([.init(text, .string(text))]))
      let foundation = try JSONSerialization.jsonObject(with: Data(written.utf8)) as? [String: String]
      #expect(foundation == [text: text], "\(written)")
    }
  }

  @Test func escapesOnlyWhatJSONRequires() {
    #expect(
      JSONWriter.string(.string("a\"b\\c\nd\re\tf\u{1}g\u{1F}h/é😀"), pretty: false)
        == #""a\"b\\c\nd\re\tf\u0001g\u001fh/é😀""#)
  }
}

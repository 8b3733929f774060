import Foundation
import HeraldCore
import HeraldInterchange
import Testing

/// The WebDAV multistatus answers a CalDAV server sends, read for hrefs, ETags, calendar data,
/// removals and sync tokens.
@Suite struct DAVMultistatusTests {
  @Test func aSyncCollectionAnswerGivesChangesRemovalsAndTheNewToken() throws {
    let body = """
      <?xml version="1.0" encoding="utf-8"?>
      <multistatus xmlns="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
        <response><href>/alice/focus/a.ics</href>
          <propstat><prop><getetag>"e1"</getetag>
            <C:calendar-data>BEGIN:VCALENDAR&#13;
      END:VCALENDAR&#13;
      </C:calendar-data></prop><status>HTTP/1.1 200 OK</status></propstat></response>
        <response><href>/alice/focus/b.ics</href><status>HTTP/1.1 404 Not Found</status></response>
        <sync-token>http://radicale.org/ns/sync/abc</sync-token>
      </multistatus>
      """
    let answer = try DAVMultistatus.parse(Data(body.utf8))
    #expect(answer.syncToken == "http://radicale.org/ns/sync/abc")
    #expect(answer.responses.map(\.href) == ["/alice/focus/a.ics", "/alice/focus/b.ics"])
    #expect(answer.responses.map(\.status) == [nil, 404])
    #expect(answer.responses.first?.etag == "\"e1\"")
    #expect(answer.responses.first?.calendarData == "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n")
  }

  @Test func aCalendarCollectionIsToldByItsResourceType() throws {
    let body = """
      <d:multistatus xmlns:d="DAV:" xmlns:cal="urn:ietf:params:xml:ns:caldav"><d:response>
      <d:href>/alice/focus/</d:href><d:propstat><d:prop><d:resourcetype><d:collection/><cal:calendar/>
      </d:resourcetype><d:sync-token>t-1</d:sync-token></d:prop></d:propstat></d:response></d:multistatus>
      """
    let answer = try DAVMultistatus.parse(Data(body.utf8))
    #expect(answer.responses.first?.isCalendar == true)
    #expect(answer.responses.first?.syncToken == "t-1")
  }

  @Test func anAnswerCutOffOrNotAMultistatusIsAnError() {
    #expect(throws: FieldError.self) {
      try DAVMultistatus.parse(Data("<multistatus xmlns=\"DAV:\"><response>".utf8))
    }
    #expect(throws: FieldError.self) { try DAVMultistatus.parse(Data("<html><body/></html>".utf8)) }
  }
}

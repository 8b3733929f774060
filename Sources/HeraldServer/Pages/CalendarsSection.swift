import Foundation
import HeraldContracts
import HeraldCore
import HeraldInterchange
import HeraldSQLite

/// The settings page's followed calendars (one person's server): each with its kind, source and
/// last read — or why the last read failed — and a button to stop following it; a form adds one as
/// `herald calendar add` does (read at once; one that cannot be read is not added).
struct CalendarsSection {
  let texts: PageTexts
  let calendars: [FollowedCalendar]
  let zone: Zone
  let formToken: String
  /// Why a calendar is left out of the plan (an id one of its items shares), by calendar id.
  var leftOut: [String: String] = [:]

  func render() -> HTML {
    let items: [HTML] = calendars.map { calendar in
      let read: HTML =
        calendar.lastReadAt.map { date in
          """
          \(texts.lastRead) <time datetime="\(RFC3339.utcString(date))">\
          \(LocalInstant.format(date, zone: zone))</time>
          """
        } ?? ""
      let failed: HTML =
        calendar.lastError.map { "<span class=\"error\">\(texts.lastReadFailed) \($0)</span>" } ?? ""
      let left: HTML =
        leftOut[calendar.id].map { "<span class=\"error\">\(texts.calendarLeftOut) \($0)</span>" } ?? ""
      return """
        <li id="calendar-\(calendar.id)"><strong>\(calendar.name)</strong> \
        <span class="kind">\(calendar.kind.rawValue)</span> <code>\(calendar.source)</code> \(read) \(failed) \(left)
        <form method="post" action="/settings/calendars/\(TodayPage.segment(calendar.id))/remove" class="inline">\
        \(FormToken.field(formToken))<button type="submit">\(texts.stopFollowing)</button></form></li>
        """
    }
    let list: HTML = items.isEmpty ? "<p>\(texts.noCalendars)</p>" : "<ul class=\"items\">\(items)</ul>"
    return """
      <section id="calendars" aria-labelledby="calendars-heading">
      <h2 id="calendars-heading">\(texts.calendars)</h2>
      \(list)
      <form method="post" action="/settings/calendars" id="new-calendar">
      \(FormToken.field(formToken))
      <label>\(texts.calendarSource) <input type="text" name="source" id="new-calendar-source" required></label>
      <label>\(texts.calendarName) <input type="text" name="name" id="new-calendar-name" maxlength="200"></label>
      <label>\(texts.username) <input type="text" name="username" id="new-calendar-username"></label>
      <label>\(texts.passwordFile) <input type="text" name="passwordFile" id="new-calendar-password-file"></label>
      <button type="submit" id="new-calendar-add">\(texts.add)</button>
      </form>
      <p class="footer">\(texts.calendarsFooter)</p>
      </section>
      """
  }
}

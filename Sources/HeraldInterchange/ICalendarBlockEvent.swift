import Foundation
import HeraldCore

/// A focus block written into a calendar as an event (`herald block add … --calendar ID`), and a
/// change to such an event made through Herald: only its start, end and title change, the rest of
/// what any client wrote (alarms, attendees, a description, its zone's definition) stays as it was.
public enum ICalendarBlockEvent {
  /// A whole `.ics` document holding `block` as its one event, stamped `now`.
  public static func document(for block: FocusBlock, now: Date) -> Data {
    var calendar = ICalendarWriter.calendar(blocks: [block])
    calendar.components[0].properties.insert(
      ICalendarProperty(name: "DTSTAMP", value: ICalendarTime.utcText(now)), at: 1)
    return Data(ICalendarWriter.write([calendar]).utf8)
  }

  /// Whether `document` holds the event `uid`, and whether it repeats (a series is changed in the
  /// calendar itself: Herald edits single events only).
  public static func find(_ uid: String, in document: [ICalendarComponent]) -> (found: Bool, recurring: Bool)
  {
    var found = false
    var recurring = false
    for calendar in document {
      for event in calendar.components where event.name == "VEVENT" && event.uid == uid {
        found = true
        recurring =
          recurring || event.property("RRULE") != nil || event.property("RDATE") != nil
          || event.property("RECURRENCE-ID") != nil
      }
    }
    return (found, recurring)
  }

  /// `document` with the event `uid` moved to `block`'s start and end (in UTC) and given its
  /// title; its `SEQUENCE` goes up by one (RFC 5545 §3.8.7.4: a change of time is significant).
  public static func edit(_ document: [ICalendarComponent], uid: String, to block: FocusBlock, now: Date)
    -> Data
  {
    var edited = document
    for c in edited.indices {
      for e in edited[c].components.indices
      where edited[c].components[e].name == "VEVENT" && edited[c].components[e].uid == uid {
        var event = edited[c].components[e]
        let sequence = event.property("SEQUENCE").flatMap { Int($0.value) } ?? 0
        // A duration would override the new end; the end is written instead.
        event.properties.removeAll { $0.name == "DURATION" }
        set("DTSTART", ICalendarTime.utcText(block.start), in: &event)
        set("DTEND", ICalendarTime.utcText(block.end), in: &event)
        set("SUMMARY", ICalendarText.escape(block.title), in: &event)
        set("SEQUENCE", String(sequence + 1), in: &event)
        set("DTSTAMP", ICalendarTime.utcText(now), in: &event)
        set("LAST-MODIFIED", ICalendarTime.utcText(now), in: &event)
        edited[c].components[e] = event
      }
    }
    return Data(ICalendarWriter.write(edited).utf8)
  }

  /// Sets `name` to `value` where it is (its parameters go: a `TZID` would no longer fit a UTC
  /// value), or adds it at the end.
  private static func set(_ name: String, _ value: String, in event: inout ICalendarComponent) {
    let property = ICalendarProperty(name: name, value: value)
    if let index = event.properties.firstIndex(where: { $0.name == name }) {
      event.properties[index] = property
    } else {
      event.properties.append(property)
    }
  }
}

import Foundation
import HeraldContracts
import HeraldCore
import HeraldSQLite

/// The settings page: the specs' sections and texts. Spec 000's lead time; spec 001's
/// "Frist-Erinnerungen", whose toggles reveal the time and lead-time pickers; spec 003's movement
/// schedule with a style picker per time block, each style's help text and the three templates;
/// spec 004's "POI-Benachrichtigungen" with its note about background location.
///
/// Works without JavaScript: a toggle reveals its picker through CSS (`:checked ~`), and the form
/// posts to the server.
struct SettingsPage {
  let texts: PageTexts
  let settings: Settings
  let movement: MovementSchedule?
  let formToken: String
  /// The followed calendars, on one person's server (`nil`: a server for many users, none).
  var calendars: [FollowedCalendar]? = nil
  /// Why a followed calendar is left out of the plan, by its id.
  var calendarsLeftOut: [String: String] = [:]
  var zone = Zone.utc

  /// Empty rows offered after a day's time blocks, to add one without JavaScript.
  static let spareBlockRows = 1

  func render(message: HTML? = nil) -> HTML {
    PageLayout(texts: texts).render(
      .settings, title: texts.settings, message: message,
      body: """
        <form method="post" action="/settings" id="settings-form">
        \(FormToken.field(formToken))
        \(focusBlockSection)
        \(dueDateSection)
        \(movementSection)
        \(placesSection)
        \(languageSection)
        <p><button type="submit" id="save-settings">\(texts.save)</button></p>
        </form>
        \(templateForms)
        \(DeviceSection(texts: texts, formToken: formToken).render())
        \(calendars.map { CalendarsSection(
            texts: texts, calendars: $0, zone: zone, formToken: formToken, leftOut: calendarsLeftOut
          ).render() } ?? "")
        """)
  }

  private var focusBlockSection: HTML {
    """
    <section id="focus-block-settings" aria-labelledby="focus-block-heading">
    <h2 id="focus-block-heading">\(texts.focusBlocks)</h2>
    <p><label for="focusBlockLeadMinutes">\(texts.leadTime)</label>
    <input type="number" id="focusBlockLeadMinutes" name="focusBlockLeadMinutes" min="0" max="120" \
    value="\(settings.focusBlockLeadMinutes)"></p>
    <p class="footer">\(texts.leadFooter)</p>
    <p><input type="checkbox" id="liveActivityNotificationEnabled" name="liveActivityNotificationEnabled" \
    value="true"\(HTML.attribute("checked", when: settings.liveActivityNotificationEnabled))>
    <label for="liveActivityNotificationEnabled">\(texts.liveActivityNotification)</label></p>
    </section>
    """
  }

  /// Spec 001's section: each toggle is followed by what it reveals.
  private var dueDateSection: HTML {
    let options: [HTML] = AdvanceLeadTime.allCases.map { lead in
      let selected = HTML.attribute("selected", when: lead == settings.dueDateAdvanceReminderMinutes)
      return "<option value=\"\(lead.minutes)\"\(selected)>\(texts.leadChoice(lead))</option>"
    }
    return """
      <section id="due-date-reminders" aria-labelledby="due-date-heading">
      <h2 id="due-date-heading">\(texts.dueDateSection)</h2>
      <div class="reveal-group">
      <input type="checkbox" id="dueDateMorningReminderEnabled" name="dueDateMorningReminderEnabled" \
      value="true"\(HTML.attribute("checked", when: settings.dueDateMorningReminderEnabled))>
      <label for="dueDateMorningReminderEnabled">\(texts.morningReminder)</label>
      <p class="revealed" id="morning-time-row"><label for="dueDateMorningReminderTime">\(texts.time)</label>
      <input type="time" id="dueDateMorningReminderTime" name="dueDateMorningReminderTime" \
      value="\(settings.dueDateMorningReminderTime.description)"></p>
      </div>
      <div class="reveal-group">
      <input type="checkbox" id="dueDateAdvanceReminderEnabled" name="dueDateAdvanceReminderEnabled" \
      value="true"\(HTML.attribute("checked", when: settings.dueDateAdvanceReminderEnabled))>
      <label for="dueDateAdvanceReminderEnabled">\(texts.advanceReminder)</label>
      <p class="revealed" id="advance-lead-row"><label for="dueDateAdvanceReminderMinutes">\(texts.leadTimePicker)</label>
      <select id="dueDateAdvanceReminderMinutes" name="dueDateAdvanceReminderMinutes">\(options)</select></p>
      </div>
      <p class="footer">\(texts.dueDateFooter)</p>
      </section>
      """
  }

  private var movementSection: HTML {
    let schedule = movement ?? .empty
    let styleHelp: [HTML] = NotificationStyle.allCases.map { style in
      "<li><strong>\(texts.core.label(style))</strong> — \(texts.core.helpText(style))</li>"
    }
    return """
      <section id="movement-settings" aria-labelledby="movement-heading">
      <h2 id="movement-heading">\(texts.movement)</h2>
      <p><label for="intervalMinutes">\(texts.interval)</label>
      <input type="number" id="intervalMinutes" name="intervalMinutes" min="1" max="1440" value="\(schedule.intervalMinutes)"></p>
      <p><label for="fallbackIntervalMinutes">\(texts.fallbackInterval)</label>
      <input type="number" id="fallbackIntervalMinutes" name="fallbackIntervalMinutes" min="1" max="1440" \
      value="\(schedule.fallbackIntervalMinutes)"></p>
      <p>\(texts.activeHours): <label for="activeHoursStart">\(texts.from)</label>
      <input type="time" id="activeHoursStart" name="activeHoursStart" value="\(schedule.activeHoursStart.description)">
      <label for="activeHoursEnd">\(texts.until)</label>
      <input type="time" id="activeHoursEnd" name="activeHoursEnd" value="\(schedule.activeHoursEnd.description)"></p>
      <p><label for="movementFollowUpMinutes">\(texts.followUp)</label>
      <input type="number" id="movementFollowUpMinutes" name="movementFollowUpMinutes" min="1" max="240" \
      value="\(settings.movementFollowUpMinutes)"></p>
      <div class="reveal-group">
      <input type="checkbox" id="progressReportEnabled" name="progressReportEnabled" value="true"\
      \(HTML.attribute("checked", when: settings.progressReportEnabled))>
      <label for="progressReportEnabled">\(texts.progressReport)</label>
      <p class="revealed"><label for="progressReportTime">\(texts.time)</label>
      <input type="time" id="progressReportTime" name="progressReportTime" value="\(settings.progressReportTime.description)"></p>
      </div>
      <h3>\(texts.styles)</h3>
      <ul class="style-help">\(styleHelp)</ul>
      \(Weekday.allCases.map { day(schedule, $0) })
      </section>
      """
  }

  /// One weekday: off, time blocks (each with its style picker), fixed times, or the fallback.
  private func day(_ schedule: MovementSchedule, _ weekday: Weekday) -> HTML {
    let name = weekday.rawValue
    let current = schedule.days[weekday]
    let blocks: [TimeBlock] = if case .timeBlocks(let blocks) = current { blocks } else { [] }
    let fixed: [WallClockTime] = if case .fixedTimes(let times) = current { times } else { [] }
    let kind: String =
      switch current {
      case nil: "off"
      case .timeBlocks: "timeBlocks"
      case .fixedTimes: "fixedTimes"
      case .fallback: "fallback"
      }
    let kinds: [HTML] = [
      ("off", texts.off), ("timeBlocks", texts.timeBlocks), ("fixedTimes", texts.fixedTimes),
      ("fallback", texts.fallback),
    ].map { value, label in
      "<option value=\"\(value)\"\(HTML.attribute("selected", when: value == kind))>\(label)</option>"
    }
    let rows = (0..<(blocks.count + Self.spareBlockRows)).map { index in
      blockRow(name, index, index < blocks.count ? blocks[index] : nil)
    }
    let fixedText = fixed.map(\.description).joined(separator: ", ")
    return """
      <fieldset class="weekday" id="day-\(name)">
      <legend>\(texts.weekday(weekday))</legend>
      <p><select name="\(name).kind" aria-label="\(texts.weekday(weekday))">\(kinds)</select></p>
      <table class="blocks"><tbody>\(rows)</tbody></table>
      <p><label>\(texts.fixedTimes) <input type="text" name="\(name).fixedTimes" value="\(fixedText)" \
      placeholder="\(texts.fixedTimesHint)"></label></p>
      </fieldset>
      """
  }

  private func blockRow(_ day: String, _ index: Int, _ block: TimeBlock?) -> HTML {
    let prefix = "\(day).block\(index)"
    let styles: [HTML] = NotificationStyle.allCases.map { style in
      let selected = HTML.attribute("selected", when: style == (block?.style ?? .standard))
      return "<option value=\"\(style.rawValue)\"\(selected)>\(texts.core.label(style))</option>"
    }
    return """
      <tr><td><label>\(texts.from) <input type="time" name="\(prefix).start" value="\(block?.start.description ?? "")">\
      </label></td>
      <td><label>\(texts.until) <input type="time" name="\(prefix).end" value="\(block?.end.description ?? "")"></label></td>
      <td><select name="\(prefix).style" aria-label="\(texts.styles)">\(styles)</select></td>
      <td><label>\(texts.every) <input type="number" name="\(prefix).interval" min="1" max="1440" \
      value="\(block?.intervalMinutes.map(String.init) ?? "")"></label></td></tr>
      """
  }

  private var placesSection: HTML {
    """
    <section id="places-settings" aria-labelledby="places-heading">
    <h2 id="places-heading">\(texts.places)</h2>
    <p><input type="checkbox" id="poiNotificationsEnabled" name="poiNotificationsEnabled" value="true"\
    \(HTML.attribute("checked", when: settings.poiNotificationsEnabled))>
    <label for="poiNotificationsEnabled">\(texts.poiNotifications)</label></p>
    <p class="footer" id="poi-info">\(texts.poiInfo)</p>
    </section>
    """
  }

  private var languageSection: HTML {
    let choices: [HTML] = [(Language.de, "Deutsch"), (.en, "English")].map { language, label in
      "<option value=\"\(language.rawValue)\"\(HTML.attribute("selected", when: language == texts.language))>\(label)</option>"
    }
    return """
      <section id="language-settings"><h2>\(texts.languageHeading)</h2>
      <p><select name="locale" aria-label="\(texts.languageHeading)">\(choices)</select></p></section>
      """
  }

  /// The templates apply at once, each its own small form.
  private var templateForms: HTML {
    let forms: [HTML] = ScheduleTemplate.allCases.map { template in
      """
      <form method="post" action="/settings/template" class="template">
      \(FormToken.field(formToken))
      <input type="hidden" name="template" value="\(template.rawValue)">
      <p><strong>\(template.displayName)</strong> — \(texts.templateDescription(template))
      <button type="submit">\(texts.apply)</button></p>
      </form>
      """
    }
    return "<section id=\"movement-templates\"><h2>\(texts.templates)</h2>\(forms)</section>"
  }
}

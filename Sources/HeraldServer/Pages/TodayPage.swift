import Foundation
import HeraldCore
import HeraldInterchange

/// The planning view: a picture of today, the days from today on with their focus blocks and
/// tasks (`DayView`: read, edit, complete, reopen, delete with undo), forms for a new block and a
/// new task, and the upcoming notifications in local time.
struct TodayPage {
  let texts: PageTexts
  let state: PlanningState
  let now: Date
  let formToken: String
  /// The name of the followed calendar each calendar block and task comes from (by id).
  var calendars: [String: String] = [:]
  /// How many upcoming notifications the list shows.
  static let upcomingCount = 20

  func render(message: HTML? = nil) -> HTML {
    let plan = Planner.plan(state, now: now, limits: .unlimited)
    return PageLayout(texts: texts).render(
      .today, title: texts.today, message: message, scripts: ["today.js"],
      body: """
        \(storedProblems)
        \(DayTimeline(state: state, plan: plan, now: now, texts: texts).render())
        \(DayView(texts: texts, state: state, now: now, formToken: formToken, calendars: calendars).render())
        <section id="new-items" aria-labelledby="new-block-heading">
        <h2 id="new-block-heading">\(texts.newBlock)</h2>
        \(newBlockForm)
        <h2 id="new-task-heading">\(texts.newTask)</h2>
        \(newTaskForm)
        </section>
        <section id="upcoming" aria-labelledby="upcoming-heading">
        <h2 id="upcoming-heading">\(texts.upcoming)</h2>
        \(upcoming(plan))
        </section>
        """)
  }

  /// What the store holds but could not read whole: said before anything else, with each item's
  /// id, so the user can mend or remove it below.
  private var storedProblems: HTML {
    guard !state.problems.isEmpty else { return "" }
    let items: [HTML] = state.problems.map { problem in
      "<li data-id=\"\(problem.id)\">\(texts.storedProblem(problem))</li>"
    }
    return """
      <section id="stored-problems" role="alert" aria-labelledby="problems-heading">
      <h2 id="problems-heading">\(texts.storedProblemsHeading)</h2>
      <ul>\(items)</ul>
      </section>
      """
  }

  private func upcoming(_ plan: Plan) -> HTML {
    let items: [HTML] = plan.pending.prefix(Self.upcomingCount).map { planned in
      let style = NotificationStyle(shownAs: planned.content.interruptionLevel)
      return """
        <li data-id="\(planned.identifier)" class="\(style.rawValue)"><time datetime="\(RFC3339.utcString(planned.fireDate))">\
        \(LocalInstant.format(planned.fireDate, zone: state.timeZone))</time> \
        <span class="style">\(texts.core.label(style))</span> \
        <strong>\(planned.content.title)</strong> — \(planned.content.body)</li>
        """
    }
    return items.isEmpty ? "<p>\(texts.nothingUpcoming)</p>" : "<ol class=\"upcoming\">\(items)</ol>"
  }

  /// `id` as one segment of a path: percent-encoded, `/` too (a calendar instance's id has one).
  static func segment(_ id: String) -> String {
    var allowed = CharacterSet.urlPathAllowed
    allowed.remove(charactersIn: "/%")
    return id.addingPercentEncoding(withAllowedCharacters: allowed) ?? id
  }

  private var newBlockForm: HTML {
    """
    <form method="post" action="/today/blocks" id="new-block" class="fields">
    \(FormToken.field(formToken))
    <label>\(texts.title) <input type="text" name="title" id="new-block-title" required maxlength="500"></label>
    <label>\(texts.start) <input type="datetime-local" name="start" id="new-block-start" required></label>
    <label>\(texts.end) <input type="datetime-local" name="end" id="new-block-end" required></label>
    <p class="actions"><button type="submit" id="new-block-add">\(texts.add)</button></p>
    </form>
    """
  }

  private var newTaskForm: HTML {
    """
    <form method="post" action="/today/tasks" id="new-task" class="fields">
    \(FormToken.field(formToken))
    <label>\(texts.title) <input type="text" name="title" id="new-task-title" required maxlength="500"></label>
    <label>\(texts.due) <input type="datetime-local" name="due" id="new-task-due"></label>
    <p class="actions"><button type="submit" id="new-task-add">\(texts.add)</button></p>
    </form>
    """
  }
}

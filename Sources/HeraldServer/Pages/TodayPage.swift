import Foundation
import HeraldCore
import HeraldInterchange

/// The planning view: today's focus blocks (create, edit, delete), tasks with due dates (create,
/// complete, delete), the upcoming notifications in local time, and a picture of the day.
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
      .today, title: texts.today, message: message,
      body: """
        \(storedProblems)
        \(DayTimeline(state: state, plan: plan, now: now, texts: texts).render())
        <section id="upcoming" aria-labelledby="upcoming-heading">
        <h2 id="upcoming-heading">\(texts.upcoming)</h2>
        \(upcoming(plan))
        </section>
        <section id="focus-blocks" aria-labelledby="blocks-heading">
        <h2 id="blocks-heading">\(texts.focusBlocks)</h2>
        <ul class="items">\(state.focusBlocks.map(blockItem))</ul>
        \(newBlockForm)
        </section>
        <section id="tasks" aria-labelledby="tasks-heading">
        <h2 id="tasks-heading">\(texts.tasks)</h2>
        <ul class="items">\(state.tasks.map(taskItem))</ul>
        \(newTaskForm)
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

  /// `YYYY-MM-DDTHH:MM` in the user's zone, as `<input type="datetime-local">` reads it.
  private func local(_ date: Date) -> String {
    LocalInstant.format(date, zone: state.timeZone).replacingOccurrences(of: " ", with: "T")
  }

  /// `id` as one segment of a path: percent-encoded, `/` too (a calendar instance's id has one).
  static func segment(_ id: String) -> String {
    var allowed = CharacterSet.urlPathAllowed
    allowed.remove(charactersIn: "/%")
    return id.addingPercentEncoding(withAllowedCharacters: allowed) ?? id
  }

  /// The mark of a block or task from a followed calendar: its calendar's name.
  private func calendarMark(_ id: String) -> HTML {
    guard let name = calendars[id] else { return "" }
    return " <span class=\"calendar\" title=\"\(texts.calendar)\">\(name)</span>"
  }

  private func blockItem(_ block: FocusBlock) -> HTML {
    let id = block.id
    let path = Self.segment(id)
    return """
      <li id="block-\(id)"><form method="post" action="/today/blocks/\(path)/edit" class="inline">
      \(FormToken.field(formToken))
      <input type="text" name="title" value="\(block.title)" aria-label="\(texts.title)" required maxlength="500">
      <input type="datetime-local" name="start" value="\(local(block.start))" aria-label="\(texts.start)" required>
      <input type="datetime-local" name="end" value="\(local(block.end))" aria-label="\(texts.end)" required>
      <button type="submit">\(texts.change)</button></form>
      <form method="post" action="/today/blocks/\(path)/delete" class="inline">\(FormToken.field(formToken))
      <button type="submit">\(texts.delete)</button></form>\(calendarMark(id))</li>
      """
  }

  private var newBlockForm: HTML {
    """
    <form method="post" action="/today/blocks" id="new-block">
    \(FormToken.field(formToken))
    <label>\(texts.title) <input type="text" name="title" id="new-block-title" required maxlength="500"></label>
    <label>\(texts.start) <input type="datetime-local" name="start" id="new-block-start" required></label>
    <label>\(texts.end) <input type="datetime-local" name="end" id="new-block-end" required></label>
    <button type="submit" id="new-block-add">\(texts.add)</button>
    </form>
    """
  }

  private func taskItem(_ task: TodoItem) -> HTML {
    let id = task.id
    let path = Self.segment(id)
    let due: String = task.due.map { LocalInstant.format($0, zone: state.timeZone) } ?? texts.noDueDate
    // A calendar's to-do is completed in the calendar: shown here, not changed.
    if calendars[id] != nil {
      return """
        <li id="task-\(id)"\(task.completed ? HTML(trusted: " class=\"completed\"") : "")>\
        <span class="task-title">\(task.title)</span> <span class="due">\(due)</span>\(calendarMark(id))</li>
        """
    }
    let complete: HTML =
      task.completed
      ? "<span class=\"done\">✓ \(texts.done)</span>"
      : """
      <form method="post" action="/today/tasks/\(path)/complete" class="inline">\(FormToken.field(formToken))
      <button type="submit">\(texts.done)</button></form>
      """
    return """
      <li id="task-\(id)"\(task.completed ? HTML(trusted: " class=\"completed\"") : "")>\
      <span class="task-title">\(task.title)</span> <span class="due">\(due)</span>
      \(complete)
      <form method="post" action="/today/tasks/\(path)/delete" class="inline">\(FormToken.field(formToken))
      <button type="submit">\(texts.delete)</button></form></li>
      """
  }

  private var newTaskForm: HTML {
    """
    <form method="post" action="/today/tasks" id="new-task">
    \(FormToken.field(formToken))
    <label>\(texts.title) <input type="text" name="title" id="new-task-title" required maxlength="500"></label>
    <label>\(texts.due) <input type="datetime-local" name="due" id="new-task-due"></label>
    <button type="submit" id="new-task-add">\(texts.add)</button>
    </form>
    """
  }
}

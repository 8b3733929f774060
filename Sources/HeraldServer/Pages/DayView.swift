import Foundation
import HeraldCore
import HeraldInterchange

/// Today's page as a day planner: the days from today on, each under its heading ("Heute",
/// "Morgen", then weekday and date), its focus blocks in time order with their tasks under them,
/// then the tasks due that day by due time. Each row reads as text; its form opens from "Bearbeiten"
/// (a `<details>`, no script). Overdue tasks stand first under today; a block already over, an
/// overdue task and a recurring calendar instance say so in words as well as in their look.
struct DayView {
  let texts: PageTexts
  let state: PlanningState
  let now: Date
  let formToken: String
  /// The name of the followed calendar each calendar block and task comes from (by id).
  var calendars: [String: String] = [:]

  private var zone: Zone { state.timeZone }
  private var today: CivilDate { zone.day(at: now) }

  /// One day's rows: blocks (with their tasks) and tasks, each at its time.
  private struct Day {
    var blocks: [FocusBlock] = []
    var tasks: [TodoItem] = []
  }

  func render() -> HTML {
    let linked = Set(state.focusBlocks.flatMap(\.taskIDs))
    var days: [CivilDate: Day] = [today: Day(), today.adding(days: 1): Day()]
    var earlier = Day()
    var undated: [TodoItem] = []
    for block in state.focusBlocks {
      let day = zone.day(at: block.start)
      if day < today { earlier.blocks.append(block) } else { days[day, default: Day()].blocks.append(block) }
    }
    for task in state.tasks where !linked.contains(task.id) {
      guard let due = task.due else {
        undated.append(task)
        continue
      }
      let day = zone.day(at: due)
      // An overdue task is today's business; a done one of an earlier day is history.
      if day >= today {
        days[day, default: Day()].tasks.append(task)
      } else if task.completed {
        earlier.tasks.append(task)
      } else {
        days[today, default: Day()].tasks.append(task)
      }
    }
    let sections: [HTML] = days.keys.sorted().map { day in section(day, days[day] ?? Day()) }
    let undatedSection: HTML =
      undated.isEmpty
      ? ""
      : """
      <section class="day" id="day-undated" aria-labelledby="day-undated-heading">
      <h2 id="day-undated-heading">\(texts.noDueDateHeading)</h2>
      <ul class="agenda">\(undated.map { taskRow($0, blocksOfDay: []) })</ul>
      </section>
      """
    let earlierSection: HTML =
      earlier.blocks.isEmpty && earlier.tasks.isEmpty
      ? ""
      : """
      <section class="day" id="day-earlier"><details><summary>\(texts.earlier)</summary>
      <ul class="agenda">\(rows(earlier))</ul></details></section>
      """
    return "<div id=\"days\">\(sections)\(undatedSection)\(earlierSection)</div>"
  }

  private func section(_ day: CivilDate, _ content: Day) -> HTML {
    let heading: HTML =
      switch day.daysSinceEpoch - today.daysSinceEpoch {
      case 0: "\(texts.today) <span class=\"date\">\(texts.date(day))</span>"
      case 1: "\(texts.tomorrow) <span class=\"date\">\(texts.date(day))</span>"
      default: "\(texts.weekday(day.weekday)) <span class=\"date\">\(texts.date(day))</span>"
      }
    let list: HTML =
      content.blocks.isEmpty && content.tasks.isEmpty
      ? "<p class=\"footer\">\(texts.nothingThisDay)</p>" : "<ul class=\"agenda\">\(rows(content))</ul>"
    return """
      <section class="day" id="day-\(day.description)" aria-labelledby="day-\(day.description)-heading">
      <h2 id="day-\(day.description)-heading">\(heading)</h2>
      \(list)
      </section>
      """
  }

  /// A day's rows in time order: a block at its start, a task at its due time (overdue ones first).
  private func rows(_ day: Day) -> [HTML] {
    let ownBlocks = day.blocks.filter { calendars[$0.id] == nil }
    var timed: [(Date, HTML)] = day.blocks.map { ($0.start, blockRow($0)) }
    timed += day.tasks.map { ($0.due ?? now, taskRow($0, blocksOfDay: ownBlocks)) }
    return timed.enumerated().sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }.map(
      \.element.1)
  }

  private func time(_ date: Date) -> HTML {
    "<time datetime=\"\(RFC3339.utcString(date))\">\(zone.time(at: date).description)</time>"
  }

  /// A block: its times and title, marked when over or running; its tasks under it, by due date.
  private func blockRow(_ block: FocusBlock) -> HTML {
    let isPast = block.end <= now
    let isRunning = block.start <= now && now < block.end
    let classes = ["block-entry", isPast ? "past" : nil, isRunning ? "running" : nil].compactMap { $0 }
    var tags: [HTML] = []
    if isPast { tags.append("<span class=\"tag past\">\(texts.pastBlock)</span>") }
    if isRunning { tags.append("<span class=\"tag running\">\(texts.running)</span>") }
    let fromCalendar = calendars[block.id]
    if let fromCalendar { tags.append(calendarTag(fromCalendar)) }
    let recurring = fromCalendar != nil && block.id.contains("/")
    if recurring { tags.append("<span class=\"tag series\">\(texts.seriesInstance)</span>") }
    let tasks = block.taskIDs.compactMap { id in state.tasks.first { $0.id == id } }
    let sorted = tasks.enumerated().sorted { a, b in
      ((a.element.due ?? .distantFuture), a.offset) < ((b.element.due ?? .distantFuture), b.offset)
    }.map(\.element)
    let ownBlocks = state.focusBlocks.filter {
      calendars[$0.id] == nil && zone.day(at: $0.start) == zone.day(at: block.start)
    }
    let taskList: HTML =
      sorted.isEmpty
      ? "" : "<ul class=\"block-tasks\">\(sorted.map { taskRow($0, blocksOfDay: ownBlocks) })</ul>"
    let edit: HTML =
      recurring ? "<p class=\"series-note\">\(texts.editSeriesInCalendar)</p>" : blockForm(block)
    return """
      <li id="block-\(block.id)" class="\(classes.joined(separator: " "))">
      <div class="entry"><span class="when">\(time(block.start))–\(time(block.end))</span> \
      <span class="what"><span class="block-title">\(block.title)</span></span> \(tags)</div>
      \(edit)
      \(taskList)
      </li>
      """
  }

  private func blockForm(_ block: FocusBlock) -> HTML {
    let path = TodayPage.segment(block.id)
    return """
      <details class="edit"><summary>\(texts.edit)</summary>
      <form method="post" action="/today/blocks/\(path)/edit" class="fields">
      \(FormToken.field(formToken))
      <label>\(texts.title) <input type="text" name="title" value="\(block.title)" required maxlength="500"></label>
      <label>\(texts.start) <input type="datetime-local" name="start" value="\(local(block.start))" required></label>
      <label>\(texts.end) <input type="datetime-local" name="end" value="\(local(block.end))" required></label>
      <p class="actions"><button type="submit">\(texts.save)</button></p></form>
      <form method="post" action="/today/blocks/\(path)/delete" class="inline">\(FormToken.field(formToken))
      <button type="submit" class="danger">\(texts.delete)</button></form>
      </details>
      """
  }

  /// A task: a tap completes it (or opens it again), its due time, overdue marked; its form
  /// changes the title, the due date and the block it belongs to.
  /// A task without a due date stands under its block or under "Ohne Frist": no row says it again.
  private func taskRow(_ task: TodoItem, blocksOfDay: [FocusBlock]) -> HTML {
    let path = TodayPage.segment(task.id)
    let overdue = !task.completed && (task.due.map { $0 < now } ?? false)
    let classes = ["task-entry", task.completed ? "completed" : nil, overdue ? "overdue" : nil].compactMap {
      $0
    }
    let due: HTML =
      task.due.map { due -> HTML in
        let day = zone.day(at: due)
        return day == today
          ? "<span class=\"when due\">\(time(due))</span>"
          : """
          <span class="when due"><time datetime="\(RFC3339.utcString(due))">\(texts.date(day)) \
          \(zone.time(at: due).description)</time></span>
          """
      } ?? ""
    let overdueTag: HTML = overdue ? "<span class=\"tag overdue\">\(texts.overdue)</span>" : ""
    // A calendar's to-do is completed in the calendar: shown here, not changed.
    if let calendar = calendars[task.id] {
      let done: HTML = task.completed ? "<span class=\"done\">✓ \(texts.done)</span>" : ""
      return """
        <li id="task-\(task.id)" class="\(classes.joined(separator: " "))"><div class="entry">\(done) \
        <span class="what"><span class="task-title">\(task.title)</span></span> \(due) \(overdueTag) \
        \(calendarTag(calendar))</div></li>
        """
    }
    let toggle: HTML =
      task.completed
      ? """
      <form method="post" action="/today/tasks/\(path)/reopen" class="inline">\(FormToken.field(formToken))\
      <button type="submit" class="check secondary">✓ \(texts.reopen)</button></form>
      """
      : """
      <form method="post" action="/today/tasks/\(path)/complete" class="inline">\(FormToken.field(formToken))\
      <button type="submit" class="check">\(texts.done)</button></form>
      """
    return """
      <li id="task-\(task.id)" class="\(classes.joined(separator: " "))">
      <div class="entry">\(toggle) <span class="what"><span class="task-title">\(task.title)</span></span> \
      \(due) \(overdueTag)</div>
      <details class="edit"><summary>\(texts.edit)</summary>
      <form method="post" action="/today/tasks/\(path)/edit" class="fields">
      \(FormToken.field(formToken))
      <label>\(texts.title) <input type="text" name="title" value="\(task.title)" required maxlength="500"></label>
      <label>\(texts.due) <input type="datetime-local" name="due" value="\(task.due.map(local) ?? "")"></label>
      \(blockSelect(task, blocksOfDay))
      <p class="actions"><button type="submit">\(texts.save)</button></p></form>
      <form method="post" action="/today/tasks/\(path)/delete" class="inline">\(FormToken.field(formToken))
      <button type="submit" class="danger">\(texts.delete)</button></form>
      </details>
      </li>
      """
  }

  /// The blocks a task can belong to: that day's own blocks, and the one it is in.
  private func blockSelect(_ task: TodoItem, _ blocksOfDay: [FocusBlock]) -> HTML {
    let current = state.focusBlocks.first { $0.taskIDs.contains(task.id) }
    var choices = blocksOfDay
    if let current, !choices.contains(where: { $0.id == current.id }) { choices.insert(current, at: 0) }
    let options: [HTML] = choices.map { block in
      let selected = HTML.attribute("selected", when: block.id == current?.id)
      return """
        <option value="\(block.id)"\(selected)>\(zone.time(at: block.start).description) \(block.title)</option>
        """
    }
    return """
      <label>\(texts.block) <select name="block"><option value=""\
      \(HTML.attribute("selected", when: current == nil))>\(texts.noBlock)</option>\(options)</select></label>
      """
  }

  private func calendarTag(_ name: String) -> HTML {
    "<span class=\"tag calendar\" title=\"\(texts.calendar)\">\(name)</span>"
  }

  /// `YYYY-MM-DDTHH:MM` in the user's zone, as `<input type="datetime-local">` reads it.
  private func local(_ date: Date) -> String {
    LocalInstant.format(date, zone: zone).replacingOccurrences(of: " ", with: "T")
  }
}

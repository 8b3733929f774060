import Foundation
import HeraldContracts
import HeraldCore
import HeraldInterchange
import Hummingbird

/// The day view's changes to a task or block beyond creating one: edit a task (title, due date,
/// its block), reopen a completed one, and delete with undo — the delete answers with the Today
/// page and a notice whose "Rückgängig" posts the deleted item's fields back (`restore`), so it
/// comes back with its id, its fields and its links. The page then takes its own address
/// (today.js), so a reload asks for the page instead of posting the delete again.
extension PageRoutes {
  func registerDay(on router: some RouterMethods<some RequestContext>) {
    router.post("/today/tasks/:id/edit") { request, context in
      let id = try Self.id(context)
      return try await post(request, context) { fields, account in try await editTask(id, fields, account) }
    }
    router.post("/today/tasks/:id/reopen") { request, context in
      let id = try Self.id(context)
      return try await post(request, context) { _, account in
        _ = try await account.store.updateTask(id: id) { $0.completed = false }
      }
    }
    router.post("/today/tasks/:id/delete") { request, context in
      let id = try Self.id(context)
      let token = FormToken.token(of: request).token
      return try await postShowingToday(request, context) { _, account in
        guard let task = try await account.store.tasks().first(where: { $0.id == id }) else {
          throw RecordError(.notFound, subject: "task \(id)", problem: "no such task")
        }
        let blocks = try await account.store.focusBlocks().filter { $0.taskIDs.contains(id) }.map(\.id)
        try await account.store.removeTask(id: id)
        let texts = try await pageTexts(account)
        let due = try task.due.map { try local($0, account) } ?? ""
        return undoNotice(
          texts.deletedTask(task.title), action: "/today/tasks/restore",
          fields: [
            ("id", task.id), ("title", task.title), ("due", due), ("completed", task.completed ? "true" : ""),
          ]
            + blocks.map { ("block", $0) }, token: token, texts: texts)
      }
    }
    router.post("/today/tasks/restore") { request, context in
      try await post(request, context) { fields, account in
        guard let id = fields.trimmed("id") else { throw FieldError("id", "required") }
        _ = try await account.store.addTask(
          id: id, title: fields["title"] ?? "", due: try instant(fields, "due", account),
          completed: fields["completed"] == "true")
        for block in try await account.store.focusBlocks() where fields.all("block").contains(block.id) {
          try await account.store.updateFocusBlock(id: block.id) { $0.taskIDs.append(id) }
        }
      }
    }
    router.post("/today/blocks/:id/delete") { request, context in
      let id = try Self.id(context)
      let token = FormToken.token(of: request).token
      return try await postShowingToday(request, context) { _, account in
        // A calendar's event is deleted in its calendar, which has no undo here.
        let own = try await account.store.focusBlocks().first { $0.id == id }
        try await account.removeFocusBlock(id: id, at: clock.now())
        let texts = try await pageTexts(account)
        guard let block = own else { return PageLayout.notice(texts.saved, isError: false) }
        return undoNotice(
          texts.deletedBlock(block.title), action: "/today/blocks/restore",
          fields: [
            ("id", block.id), ("title", block.title), ("start", try local(block.start, account)),
            ("end", try local(block.end, account)),
          ] + block.taskIDs.map { ("task", $0) }, token: token, texts: texts)
      }
    }
    router.post("/today/blocks/restore") { request, context in
      try await post(request, context) { fields, account in
        guard let id = fields.trimmed("id") else { throw FieldError("id", "required") }
        guard let start = try instant(fields, "start", account) else { throw FieldError("start", "required") }
        guard let end = try instant(fields, "end", account) else { throw FieldError("end", "required") }
        // Its tasks that are still there (one deleted since stays deleted).
        let tasks = Set(try await account.store.tasks().map(\.id))
        try await account.store.addFocusBlock(
          id: id, title: fields["title"] ?? "", start: start, end: end,
          taskIDs: fields.all("task").filter(tasks.contains))
      }
    }
  }

  /// Changes task `id` as its form says: title, due date (empty: none), and the block it is in
  /// (`block`: a block's id, or empty for none) — moved out of any other block.
  private func editTask(_ id: String, _ fields: FormFields, _ account: Account) async throws {
    let due = try instant(fields, "due", account)
    try await account.store.updateTask(id: id) { task in
      if let title = fields["title"] { task.title = title }
      task.due = due
    }
    guard let chosen = fields["block"] else { return }
    for block in try await account.store.focusBlocks() {
      let isIn = block.taskIDs.contains(id)
      guard isIn != (block.id == chosen) else { continue }
      try await account.store.updateFocusBlock(id: block.id) { block in
        if isIn { block.taskIDs.removeAll { $0 == id } } else { block.taskIDs.append(id) }
      }
    }
  }

  /// A post whose answer is the Today page with `change`'s notice (a delete and its undo), not a
  /// redirect; a refused change is shown as any other.
  private func postShowingToday(
    _ request: Request, _ context: some RequestContext, _ change: (FormFields, Account) async throws -> HTML
  ) async throws -> Response {
    var notice: HTML = ""
    let response = try await post(request, context) { fields, account in
      notice = try await change(fields, account)
    }
    guard response.status == .seeOther else { return response }
    return try await today(request, message: notice)
  }

  /// "Task „X“ gelöscht. [Rückgängig]": the button posts `fields` to `action`.
  private func undoNotice(
    _ text: String, action: String, fields: [(String, String)], token: String, texts: PageTexts
  ) -> HTML {
    let hidden: [HTML] = fields.map { "<input type=\"hidden\" name=\"\($0.0)\" value=\"\($0.1)\">" }
    return """
      <div class="notice undo" role="status"><span>\(text)</span>
      <form method="post" action="\(action)" class="inline">\(FormToken.field(token))\(hidden)\
      <button type="submit" id="undo" class="secondary">\(texts.undo)</button></form></div>
      """
  }

  private func pageTexts(_ account: Account) async throws -> PageTexts {
    PageTexts(language: try await account.store.language())
  }

  private func local(_ date: Date, _ account: Account) throws -> String {
    LocalInstant.format(date, zone: try account.timeZone()).replacingOccurrences(of: " ", with: "T")
  }
}

import Foundation
import HeraldContracts
import HeraldCore
import HeraldSQLite

extension APIHandler {
  func listTasks(_ input: Operations.ListTasks.Input) async throws -> Operations.ListTasks.Output {
    let store = try account.store
    let problems = try await store.taskProblems()
    return .ok(.init(body: .json(try await store.tasks().map { .init($0, problem: problems[$0.id]) })))
  }

  func createTask(_ input: Operations.CreateTask.Input) async throws -> Operations.CreateTask.Output {
    guard case .json(let body) = input.body else {
      throw APIError(.unsupportedMediaType, problem: "expected JSON")
    }
    let draft = try body.draft(id: body.id)
    try account.requireUnusedByCalendars(body.id, kind: "task", at: clock.now())
    let store = try account.store
    let task = try await changing {
      try await store.addTask(id: body.id, title: draft.title, due: draft.due, completed: draft.completed)
    }
    return .created(.init(body: .json(.init(task))))
  }

  func getTask(_ input: Operations.GetTask.Input) async throws -> Operations.GetTask.Output {
    let id = input.path.id
    let store = try account.store
    guard let task = try await store.tasks().first(where: { $0.id == id }) else {
      throw RecordError.notFound("task \(id)", "no such task")
    }
    return .ok(.init(body: .json(.init(task, problem: try await store.taskProblems()[id]))))
  }

  func updateTask(_ input: Operations.UpdateTask.Input) async throws -> Operations.UpdateTask.Output {
    guard case .json(let body) = input.body else {
      throw APIError(.unsupportedMediaType, problem: "expected JSON")
    }
    if let id = body.id { try RecordRules.keepsID(id, of: input.path.id) }
    let draft = try body.draft(id: input.path.id)
    let store = try account.store
    let task = try await changing {
      try await store.updateTask(id: input.path.id) {
        $0.title = draft.title
        $0.due = draft.due
        $0.completed = draft.completed
      }
    }
    return .ok(.init(body: .json(.init(task))))
  }

  func deleteTask(_ input: Operations.DeleteTask.Input) async throws -> Operations.DeleteTask.Output {
    let store = try account.store
    try await changing { try await store.removeTask(id: input.path.id) }
    return .noContent(.init())
  }

  func completeTask(_ input: Operations.CompleteTask.Input) async throws -> Operations.CompleteTask.Output {
    let store = try account.store
    let task = try await changing { try await store.completeTask(id: input.path.id) }
    return .ok(.init(body: .json(.init(task))))
  }
}

extension Components.Schemas.Task {
  init(_ task: TodoItem, problem: StoredProblem? = nil) {
    self.init(
      id: task.id, title: task.title, due: task.due.map(APIInstant.text), completed: task.completed,
      problem: problem.map { "\($0.problem); shown without it" })
  }
}

extension Components.Schemas.TaskInput {
  /// The task the input describes, its due instant read; the store checks the rest.
  func draft(id: String?) throws(FieldError) -> TodoItem {
    TodoItem(
      id: id ?? "", title: title,
      due: try due.map { (text) throws(FieldError) in try APIInstant.parse(text, field: "due") },
      completed: completed ?? false)
  }
}

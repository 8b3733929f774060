import Foundation
import HeraldContracts
import HeraldCore
import HeraldSQLite

extension APIHandler {
  func listFocusBlocks(_ input: Operations.ListFocusBlocks.Input) async throws
    -> Operations.ListFocusBlocks.Output
  {
    .ok(.init(body: .json(try await account.store.focusBlocks().map(Components.Schemas.FocusBlock.init))))
  }

  func createFocusBlock(_ input: Operations.CreateFocusBlock.Input) async throws
    -> Operations.CreateFocusBlock.Output
  {
    guard case .json(let body) = input.body else {
      throw APIError(.unsupportedMediaType, problem: "expected JSON")
    }
    let draft = try body.draft()
    try account.requireUnusedByCalendars(body.id, kind: "block", at: clock.now())
    let store = try account.store
    let block = try await changing {
      try await store.addFocusBlock(
        id: body.id, title: draft.title, start: draft.start, end: draft.end, taskIDs: draft.taskIDs)
    }
    return .created(.init(body: .json(.init(block))))
  }

  func getFocusBlock(_ input: Operations.GetFocusBlock.Input) async throws -> Operations.GetFocusBlock.Output
  {
    .ok(.init(body: .json(.init(try await Self.focusBlock(input.path.id, in: account.store)))))
  }

  func updateFocusBlock(_ input: Operations.UpdateFocusBlock.Input) async throws
    -> Operations.UpdateFocusBlock.Output
  {
    guard case .json(let body) = input.body else {
      throw APIError(.unsupportedMediaType, problem: "expected JSON")
    }
    if let id = body.id { try RecordRules.keepsID(id, of: input.path.id) }
    let draft = try body.draft()
    let account = try account
    let block = try await changing {
      try await account.updateFocusBlock(id: input.path.id, at: clock.now()) {
        $0.title = draft.title
        $0.start = draft.start
        $0.end = draft.end
        $0.taskIDs = draft.taskIDs
      }
    }
    return .ok(.init(body: .json(.init(block))))
  }

  func deleteFocusBlock(_ input: Operations.DeleteFocusBlock.Input) async throws
    -> Operations.DeleteFocusBlock.Output
  {
    let account = try account
    try await changing { try await account.removeFocusBlock(id: input.path.id, at: clock.now()) }
    return .noContent(.init())
  }

  static func focusBlock(_ id: String, in store: any UserData) async throws -> FocusBlock {
    guard let block = try await store.focusBlocks().first(where: { $0.id == id }) else {
      throw RecordError.notFound("block \(id)", "no such focus block")
    }
    return block
  }
}

extension Components.Schemas.FocusBlock {
  init(_ block: FocusBlock) {
    self.init(
      id: block.id, title: block.title, start: APIInstant.text(block.start), end: APIInstant.text(block.end),
      taskIDs: block.taskIDs)
  }
}

extension Components.Schemas.FocusBlockInput {
  /// The block the input describes, its instants read; the store checks the rest.
  func draft() throws(FieldError) -> FocusBlock {
    FocusBlock(
      id: id ?? "", title: title, start: try APIInstant.parse(start, field: "start"),
      end: try APIInstant.parse(end, field: "end"), taskIDs: taskIDs ?? [])
  }
}

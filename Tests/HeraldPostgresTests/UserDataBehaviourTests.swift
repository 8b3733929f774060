import Foundation
import HeraldContracts
import HeraldCore
import HeraldTestSupport
import Testing

/// What `UserData` promises, checked on both engines by one suite: the same calls, the same
/// answers and the same errors, so that the API and the pages behave alike on either.
/// (Before, each engine had its own copy of these tests; those that looked into an engine's own
/// tables or query plans stay with that engine.)
@Suite struct UserDataBehaviourTests {
  static let nine = Fixtures.instant("2026-11-23T08:00:00Z")
  static let halfPastTen = Fixtures.instant("2026-11-23T09:30:00Z")
  let nine = Self.nine
  let halfPastTen = Self.halfPastTen

  @Test(arguments: UserDataEngine.available)
  func tasksAreAddedWithShortUniqueIDsAndListedInOrder(engine: UserDataEngine) async throws {
    try await engine.withData(now: nine) { data in
      let first = try await data.addTask(
        id: nil, title: "Steuererklärung", due: Self.halfPastTen, completed: false)
      let second = try await data.addTask(id: nil, title: "Angebot schreiben", due: nil, completed: false)
      try await data.addTask(id: "t7", title: "Import", due: nil, completed: false)
      let third = try await data.addTask(id: nil, title: "Rechnung", due: nil, completed: false)
      #expect([first.id, second.id, third.id] == ["t1", "t2", "t8"])
      #expect(try await data.tasks().map(\.id) == ["t1", "t2", "t7", "t8"])
      #expect(
        try await data.tasks().first == TodoItem(id: "t1", title: "Steuererklärung", due: Self.halfPastTen))
    }
  }

  @Test(arguments: UserDataEngine.available)
  func generatedIDsStepOverIDsThatOnlyLookNumbered(engine: UserDataEngine) async throws {
    try await engine.withData(now: nine) { data in
      for id in ["t1x", "t2", "t99999999999999999999", "t007", "T40"] {
        try await data.addTask(id: id, title: id, due: nil, completed: false)
      }
      #expect(try await data.addTask(id: nil, title: "d", due: nil, completed: false).id == "t3")
      try await data.addFocusBlock(
        id: "b9", title: "Nine", start: Self.nine, end: Self.halfPastTen, taskIDs: [])
      #expect(
        try await data.addFocusBlock(
          id: nil, title: "Ten", start: Self.nine, end: Self.halfPastTen, taskIDs: []
        )
        .id == "b10")
    }
  }

  @Test(arguments: UserDataEngine.available)
  func aTaskIsEditedCompletedAndRemoved(engine: UserDataEngine) async throws {
    try await engine.withData(now: nine) { data in
      try await data.addTask(id: "t1", title: "Steuererklärung", due: Self.halfPastTen, completed: false)
      let edited = try await data.updateTask(id: "t1") {
        $0.title = "Steuererklärung 2026"
        $0.due = nil
      }
      #expect(edited == TodoItem(id: "t1", title: "Steuererklärung 2026"))
      try await data.completeTask(id: "t1")
      try await data.completeTask(id: "t1")
      #expect(try await data.tasks() == [TodoItem(id: "t1", title: "Steuererklärung 2026", completed: true)])
      // Reopened.
      try await data.updateTask(id: "t1") { $0.completed = false }
      #expect(try await data.tasks().map(\.completed) == [false])
      try await data.removeTask(id: "t1")
      #expect(try await data.tasks().isEmpty)
    }
  }

  @Test(arguments: UserDataEngine.available)
  func aMissingTaskIsNamedInTheError(engine: UserDataEngine) async throws {
    try await engine.withData(now: nine) { data in
      let missing = RecordError.notFound("task t9", "no such task")
      await #expect(throws: missing) { try await data.completeTask(id: "t9") }
      await #expect(throws: missing) { try await data.removeTask(id: "t9") }
      await #expect(throws: missing) { try await data.updateTask(id: "t9") { _ in } }
    }
  }

  @Test(arguments: UserDataEngine.available)
  func aFocusBlockIsAddedEditedAndRemoved(engine: UserDataEngine) async throws {
    try await engine.withData(now: nine) { data in
      try await data.addTask(id: "t1", title: "Steuererklärung", due: nil, completed: false)
      try await data.addTask(id: "t2", title: "Angebot", due: nil, completed: false)
      let block = try await data.addFocusBlock(
        id: nil, title: "Deep Work", start: Self.nine, end: Self.halfPastTen, taskIDs: ["t2", "t1"])
      #expect(
        block
          == FocusBlock(
            id: "b1", title: "Deep Work", start: Self.nine, end: Self.halfPastTen, taskIDs: ["t2", "t1"]))
      #expect(try await data.focusBlocks() == [block])

      let later = Self.halfPastTen.addingTimeInterval(1800)
      let edited = try await data.updateFocusBlock(id: "b1") {
        $0.end = later
        $0.taskIDs = ["t1"]
      }
      #expect(edited.end == later)
      #expect(try await data.focusBlocks() == [edited])

      try await data.removeFocusBlock(id: "b1")
      #expect(try await data.focusBlocks().isEmpty)
      #expect(try await data.tasks().count == 2)
    }
  }

  @Test(arguments: UserDataEngine.available)
  func removingATaskUnlinksItFromItsBlocks(engine: UserDataEngine) async throws {
    try await engine.withData(now: nine) { data in
      for id in ["t1", "t2", "t3"] { try await data.addTask(id: id, title: id, due: nil, completed: false) }
      try await data.addFocusBlock(
        id: "b1", title: "A", start: Self.nine, end: Self.halfPastTen, taskIDs: ["t1", "t2", "t3"])
      try await data.removeTask(id: "t2")
      #expect(try await data.focusBlocks().first?.taskIDs == ["t1", "t3"])
      try await data.updateFocusBlock(id: "b1") { $0.taskIDs.append("t1") }
      #expect(try await data.focusBlocks().first?.taskIDs == ["t1", "t3", "t1"])
    }
  }

  @Test(arguments: UserDataEngine.available)
  func aBlockChecksItsInputAsTheCoreDoes(engine: UserDataEngine) async throws {
    try await engine.withData(now: nine) { data in
      let (nine, halfPastTen) = (Self.nine, Self.halfPastTen)
      await #expect(throws: FieldError("end", "must be after start")) {
        try await data.addFocusBlock(id: nil, title: "x", start: halfPastTen, end: nine, taskIDs: [])
      }
      await #expect(throws: FieldError("title", "must not be empty")) {
        try await data.addFocusBlock(id: nil, title: " ", start: nine, end: halfPastTen, taskIDs: [])
      }
      await #expect(throws: FieldError("task t9", "no such task")) {
        try await data.addFocusBlock(id: nil, title: "x", start: nine, end: halfPastTen, taskIDs: ["t9"])
      }
      try await data.addFocusBlock(id: "b1", title: "x", start: nine, end: halfPastTen, taskIDs: [])
      await #expect(throws: RecordError.alreadyExists("block b1")) {
        try await data.addFocusBlock(id: "b1", title: "y", start: nine, end: halfPastTen, taskIDs: [])
      }
      await #expect(throws: RecordError.notFound("block b2", "no such focus block")) {
        try await data.removeFocusBlock(id: "b2")
      }
      await #expect(throws: FieldError("id", "cannot be changed (b1)")) {
        try await data.updateFocusBlock(id: "b1") { $0.id = "b2" }
      }
      await #expect(throws: FieldError.self) {
        try await data.updateFocusBlock(id: "b1") { $0.title = String(repeating: "x", count: 10_000) }
      }
      #expect(
        try await data.focusBlocks() == [FocusBlock(id: "b1", title: "x", start: nine, end: halfPastTen)])
    }
  }

  @Test(arguments: UserDataEngine.available)
  func settingsLanguageAndMovementAreStoredAndReadBack(engine: UserDataEngine) async throws {
    try await engine.withData(now: nine) { data in
      #expect(try await data.settings() == Settings())
      var settings = Settings()
      settings.dueDateAdvanceReminderMinutes = .thirtyMinutes
      settings.progressReportTime = Fixtures.time(21, 15)
      settings.dueDateMorningReminderEnabled = false
      try await data.setSettings(settings, language: .en)
      #expect(try await data.settings() == settings)
      #expect(try await data.language() == .en)
      #expect(try await data.planningState(timeZone: .utc).language == .en)
      for template in ScheduleTemplate.allCases {
        try await data.setMovementSchedule(template.schedule)
        #expect(try await data.movementSchedule() == template.schedule)
      }
      try await data.setMovementSchedule(nil)
      #expect(try await data.movementSchedule() == nil)
      #expect(try await data.planningState(timeZone: .utc).movementLog == nil)
    }
  }

  @Test(arguments: UserDataEngine.available)
  func routesAreKeptInImportOrderAndAMissingOneIsNotFound(engine: UserDataEngine) async throws {
    @Sendable func route(_ id: String, name: String = "Rund um Višnjan", points: Int = 3) -> Route {
      let origin = Fixtures.coordinate(45.2735, 13.71415)
      return Fixtures.route(
        id, name: name,
        (1...points).map {
          ("\($0)", "Ort \($0)", Fixtures.coordinate(origin, metresNorth: Double($0) * 100))
        })
    }
    try await engine.withData(now: nine) { data in
      #expect(try await data.importRoute(route("b")) == .added)
      #expect(try await data.importRoute(route("a", points: 5)) == .added)
      #expect(try await data.routes() == [route("b"), route("a", points: 5)])
      #expect(try await data.route(id: "a") == route("a", points: 5))
      #expect(try await data.route(id: "missing") == nil)
      // Imported again, changed: replaced in its place.
      #expect(try await data.importRoute(route("b", name: "Neu", points: 2)) == .replaced)
      #expect(try await data.routes().map(\.id) == ["b", "a"])
      try await data.removeRoute(id: "b")
      #expect(try await data.routes().map(\.id) == ["a"])
      await #expect(throws: RecordError.notFound("route missing", "no such route")) {
        try await data.removeRoute(id: "missing")
      }
    }
  }

  @Test(arguments: UserDataEngine.available)
  func pushSecretsAreMadeOnceAndASubscriptionIsSavedUpdatedAndRemoved(engine: UserDataEngine) async throws {
    try await engine.withData(now: nine) { data in
      #expect(try await data.vapidPrivateKey { "key-1" } == "key-1")
      #expect(try await data.vapidPrivateKey { "key-2" } == "key-1")
      #expect(try await data.pushLinkSecret { "links-1" } == "links-1")
      #expect(try await data.pushLinkSecret { "links-2" } == "links-1")

      let endpoint = "https://fcm.googleapis.com/fcm/send/x"
      let first = try await data.savePushSubscription(
        endpoint: endpoint, p256dh: "p1", auth: "a1", expirationTime: nil, at: Self.nine)
      #expect(first.created && first.record.id.hasPrefix("ps-"))
      // The same endpoint again: the same subscription with the new keys.
      let again = try await data.savePushSubscription(
        endpoint: endpoint, p256dh: "p2", auth: "a2", expirationTime: Self.nine + 86_400, at: Self.nine + 60)
      #expect(!again.created && again.record.id == first.record.id)
      #expect(again.record.p256dh == "p2" && again.record.createdAt == Self.nine)
      #expect(again.record.expirationTime == Self.nine + 86_400)
      try await data.recordPushDelivered(id: first.record.id, at: Self.nine + 120)
      #expect(try await data.pushSubscriptions().map(\.lastDeliveredAt) == [Self.nine + 120])
      try await data.removePushSubscription(id: first.record.id)
      #expect(try await data.pushSubscriptions().isEmpty)
      await #expect(throws: RecordError.self) { try await data.removePushSubscription(id: first.record.id) }
    }
  }
}

import Foundation
import HeraldCore

/// Reading what a store holds without refusing the user: one item that the strict reader refuses
/// (written by an older release, or damaged) is kept with what can be read of it, or left out,
/// and reported (`StoredProblem`) — the user still reads, fixes and removes it and everything else.
extension ScenarioDocument {
  /// A task as `encode(_:in:)` wrote it; when the strict reader refuses it, the task `id` with what
  /// can be read of it (a title, a due date, done or not) and the problem.
  public static func decodeStoredTask(_ text: String, id: String) -> (task: TodoItem, problem: StoredProblem?)
  {
    do {
      return (try decodeTask(text, path: ""), nil)
    } catch {
      let value = try? JSONValue.parse(Data(text.utf8))
      return (salvagedTask(value, id: id), StoredProblem(kind: .task, id: id, problem: error))
    }
  }

  /// What can be read of a refused task: its title if it is one (else its id), a due date inside
  /// the accepted instants, done or not.
  static func salvagedTask(_ value: JSONValue?, id: String) -> TodoItem {
    var title = id
    if case .string(let text)? = value?["title"], (try? Validation.title(text)) != nil { title = text }
    var due: Date?
    if case .string(let text)? = value?["due"] { due = RFC3339.parse(text) }
    var completed = false
    if case .bool(let flag)? = value?["completed"] { completed = flag }
    return TodoItem(id: id, title: title, due: due, completed: completed)
  }

  /// A document a store holds: as `decode` reads it, except that a focus block the reader refuses
  /// is left out and a task it refuses is kept as `salvagedTask` makes it, each reported in
  /// `problems`. Anything else wrong (the zone, the settings, the JSON) is still an error.
  public static func decodeStored(_ data: Data, zones: any ZoneDatabase = SystemZones.shared)
    throws(FieldError)
    -> PlanningState
  {
    var document = try JSONValue.parse(data)
    var problems: [StoredProblem] = []
    // Each round takes out (or mends) the element the error names; a document has finitely many.
    while true {
      do {
        var state = try decode(document, zones: zones)
        state.problems = problems
        return state
      } catch {
        guard let (key, index) = element(named: error.field),
          case .array(var elements)? = document[key], elements.indices.contains(index)
        else { throw error }
        let id: String
        if case .string(let text)? = elements[index]["id"], (try? Validation.identifier(text)) != nil {
          id = text
        } else {
          id = "\(key)[\(index)]"
        }
        if key == "tasks" {
          let task = salvagedTask(elements[index], id: id)
          guard !elements.contains(where: { $0["id"] == .string(id) && $0 != elements[index] }) else {
            throw error
          }
          elements[index] = json(task, { .string(RFC3339.utcString($0)) })
          problems.append(StoredProblem(kind: .task, id: id, problem: error.relative(to: "\(key)[\(index)]")))
        } else {
          elements.remove(at: index)
          problems.append(
            StoredProblem(
              kind: .focusBlock, id: id, problem: error.relative(to: "\(key)[\(index)]"), leftOut: true))
        }
        document = document.replacing(key, with: .array(elements))
      }
    }
  }

  /// `focusBlocks[3].start` → (`focusBlocks`, 3); nil for a field outside the two lists.
  private static func element(named field: String) -> (key: String, index: Int)? {
    for key in ["focusBlocks", "tasks"] where field.hasPrefix(key + "[") {
      let digits = field.dropFirst(key.count + 1).prefix { $0.isNumber }
      if let index = Int(digits) { return (key, index) }
    }
    return nil
  }
}

extension FieldError {
  /// The same problem with `prefix` (an element's path) taken off its field: `due`, not `tasks[5].due`.
  func relative(to prefix: String) -> FieldError {
    guard field.hasPrefix(prefix) else { return self }
    let rest = field.dropFirst(prefix.count)
    return FieldError(String(rest.hasPrefix(".") ? rest.dropFirst() : rest), problem)
  }
}

extension JSONValue {
  /// This object with the member `key`'s value replaced.
  func replacing(_ key: String, with value: JSONValue) -> JSONValue {
    guard case .object(var members) = self, let index = members.firstIndex(where: { $0.key == key }) else {
      return self
    }
    members[index].value = value
    return .object(members)
  }
}

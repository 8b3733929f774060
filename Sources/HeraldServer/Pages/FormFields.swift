import Foundation

/// The fields of a submitted form (`application/x-www-form-urlencoded`), as sent: names and values
/// percent-decoded, `+` read as a space, a repeated name keeping every value in order.
struct FormFields: Sendable {
  private var values: [String: [String]] = [:]

  init(_ body: String) {
    for pair in body.split(separator: "&", omittingEmptySubsequences: true) {
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      guard let name = Self.decode(parts[0]) else { continue }
      let value = parts.count > 1 ? Self.decode(parts[1]) ?? "" : ""
      values[name, default: []].append(value)
    }
  }

  /// The first value of `name`; `nil` when the form has none.
  subscript(name: String) -> String? { values[name]?.first }

  /// Every value of `name`, in order (a repeated hidden field: the blocks a deleted task was in).
  func all(_ name: String) -> [String] { values[name] ?? [] }

  /// Whether a checkbox called `name` was checked (a checked box is sent, an unchecked one is not).
  func isChecked(_ name: String) -> Bool { values[name] != nil }

  /// The value of `name` with surrounding spaces removed; `nil` when absent or empty.
  func trimmed(_ name: String) -> String? {
    guard let value = self[name]?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
    return value
  }

  private static func decode(_ text: Substring) -> String? {
    text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
  }
}

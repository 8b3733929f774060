/// A D-Bus value with its type: what a method call carries and a reply or signal brings back.
/// Only the types the notification interface uses.
public indirect enum DBusValue: Sendable, Hashable {
  case string(String)
  case uint32(UInt32)
  case int32(Int32)
  case byte(UInt8)
  case boolean(Bool)
  /// An array of values of one type, `elementSignature` (needed for an empty array).
  case array(elementSignature: String, [DBusValue])
  /// A key and a value, in an array: a dictionary.
  case dictEntry(DBusValue, DBusValue)
  case variant(DBusValue)
  case structure([DBusValue])
  /// Another type, read but not taken apart (its signature).
  case other(String)

  /// The value's D-Bus type signature.
  public var signature: String {
    switch self {
    case .string: "s"
    case .uint32: "u"
    case .int32: "i"
    case .byte: "y"
    case .boolean: "b"
    case .array(let element, _): "a" + element
    case .dictEntry(let key, let value): "{" + key.signature + value.signature + "}"
    case .variant: "v"
    case .structure(let fields): "(" + fields.map(\.signature).joined() + ")"
    case .other(let signature): signature
    }
  }

  /// `as`: an array of strings.
  public static func strings(_ values: [String]) -> DBusValue {
    .array(elementSignature: "s", values.map(DBusValue.string))
  }

  /// `a{sv}`: a dictionary of variants by name, in key order.
  public static func variants(_ entries: [String: DBusValue]) -> DBusValue {
    .array(
      elementSignature: "{sv}",
      entries.sorted { $0.key < $1.key }.map { .dictEntry(.string($0.key), .variant($0.value)) })
  }

  public var string: String? { if case .string(let value) = self { value } else { nil } }
  public var uint32: UInt32? { if case .uint32(let value) = self { value } else { nil } }
  public var elements: [DBusValue]? { if case .array(_, let values) = self { values } else { nil } }
}

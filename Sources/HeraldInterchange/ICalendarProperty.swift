/// One content line of an iCalendar file after unfolding (RFC 5545 §3.1): `NAME;PARAM=…:VALUE`.
///
/// Names are upper-cased (they are case-insensitive); the value is kept as written, escapes and
/// all, so that writing it back reproduces it.
public struct ICalendarProperty: Hashable, Sendable {
  public var name: String
  public var parameters: [ICalendarParameter]
  public var value: String
  /// The physical line it starts on (0 for a property made in code).
  public var line: Int

  public init(name: String, parameters: [ICalendarParameter] = [], value: String, line: Int = 0) {
    self.name = name
    self.parameters = parameters
    self.value = value
    self.line = line
  }

  /// The first value of the parameter `name` (upper case), if present.
  public func parameter(_ name: String) -> String? {
    parameters.first { $0.name == name }?.values.first
  }
}

/// A property parameter: `TZID=Europe/Berlin`, `MEMBER="a","b"`.
public struct ICalendarParameter: Hashable, Sendable {
  public var name: String
  public var values: [String]

  public init(name: String, values: [String]) {
    self.name = name
    self.values = values
  }
}

/// A component (`VCALENDAR`, `VEVENT`, `VTIMEZONE`, …): its properties and sub-components, in order.
public struct ICalendarComponent: Hashable, Sendable {
  public var name: String
  public var properties: [ICalendarProperty]
  public var components: [ICalendarComponent]
  /// The physical line of its `BEGIN` (0 for a component made in code).
  public var line: Int

  public init(
    name: String, properties: [ICalendarProperty] = [], components: [ICalendarComponent] = [], line: Int = 0
  ) {
    self.name = name
    self.properties = properties
    self.components = components
    self.line = line
  }

  /// The first property called `name` (upper case).
  public func property(_ name: String) -> ICalendarProperty? { properties.first { $0.name == name } }

  /// Every property called `name` (upper case).
  public func properties(_ name: String) -> [ICalendarProperty] { properties.filter { $0.name == name } }

  /// The `UID`'s value, when the component has one.
  public var uid: String? { property("UID")?.value }

  /// The same component with every line number 0: what a round trip must keep.
  public var withoutLines: ICalendarComponent {
    ICalendarComponent(
      name: name,
      properties: properties.map {
        ICalendarProperty(name: $0.name, parameters: $0.parameters, value: $0.value)
      },
      components: components.map(\.withoutLines))
  }
}

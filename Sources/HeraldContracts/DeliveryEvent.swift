/// One delivered reminder in a user's delivery stream: its number in that stream (numbers grow in
/// the order deliveries were recorded, with gaps) and what it said, as one line of JSON (the
/// webhook's body: a delivery line of `contracts/plan.md`, the user's name and language).
public struct DeliveryEvent: Sendable, Hashable {
  public var id: Int64
  public var data: String

  public init(id: Int64, data: String) {
    self.id = id
    self.data = data
  }
}

import Foundation

/// What stays fixed while a focus block's activity runs (spec 002's `FocusBlockActivityAttributes`).
public struct FocusActivityAttributes: Sendable, Hashable, Codable {
  public var blockID: String
  public var blockTitle: String
  public var startDate: Date
  public var endDate: Date

  public init(blockID: String, blockTitle: String, startDate: Date, endDate: Date) {
    self.blockID = blockID
    self.blockTitle = blockTitle
    self.startDate = startDate
    self.endDate = endDate
  }
}

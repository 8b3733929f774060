import Foundation

/// Points bucketed in a grid of cells about `cellSize` metres wide, so that finding the points
/// near a fix looks at nine cells instead of every point.
public struct SpatialGrid: Sendable {
  private struct Cell: Hashable {
    var row: Int
    var column: Int
  }

  private let cellDegreesLatitude: Double
  private var cells: [Cell: [Int]] = [:]
  private let coordinates: [Coordinate]

  /// Indexes `coordinates`; the answer to a query is indices into this array. `cellSize` must be
  /// at least the largest radius that will be queried.
  public init(_ coordinates: [Coordinate], cellSize: Double) {
    self.coordinates = coordinates
    cellDegreesLatitude = max(cellSize, 1) / Coordinate.earthRadius * 180 / .pi
    for (index, coordinate) in coordinates.enumerated() {
      cells[cell(coordinate), default: []].append(index)
    }
  }

  /// Indices of the points within `radius` metres of `center`, ascending.
  public func indices(within radius: Double, of center: Coordinate) -> [Int] {
    let home = cell(center)
    // Columns narrow towards the poles: widen the search so that `radius` is still covered.
    let columnSpan = columnsSpanned(radius: radius, latitude: center.latitude)
    var found: [Int] = []
    for row in home.row - 1...home.row + 1 {
      for column in home.column - columnSpan...home.column + columnSpan {
        guard let bucket = cells[Cell(row: row, column: wrapped(column))] else { continue }
        for index in bucket where coordinates[index].distance(to: center) <= radius {
          found.append(index)
        }
      }
    }
    return found.sorted()
  }

  private var columnCount: Int { Int((360 / cellDegreesLatitude).rounded(.up)) }

  private func cell(_ coordinate: Coordinate) -> Cell {
    Cell(
      row: Int(((coordinate.latitude + 90) / cellDegreesLatitude).rounded(.down)),
      column: wrapped(Int(((coordinate.longitude + 180) / cellDegreesLatitude).rounded(.down))))
  }

  private func wrapped(_ column: Int) -> Int { ((column % columnCount) + columnCount) % columnCount }

  private func columnsSpanned(radius: Double, latitude: Double) -> Int {
    let cosine = cos(min(89.9, abs(latitude) + cellDegreesLatitude) * .pi / 180)
    let degrees = radius / Coordinate.earthRadius * 180 / .pi / cosine
    return min(columnCount / 2, max(1, Int((degrees / cellDegreesLatitude).rounded(.up))))
  }
}

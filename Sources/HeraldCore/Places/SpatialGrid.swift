import Foundation

/// Points bucketed in a grid of cells about `cellSize` metres wide, so that finding the points
/// near a fix looks at nine cells instead of every point.
public struct SpatialGrid: Sendable {
  private struct Cell: Hashable {
    var row: Int
    var column: Int

    /// Rows and columns are below 2³¹ (a cell is at least a metre): both fit one word.
    var key: UInt64 { UInt64(truncatingIfNeeded: row) << 32 | UInt64(UInt32(truncatingIfNeeded: column)) }
  }

  private let cellDegreesLatitude: Double
  /// Columns tile the 360° exactly, each at least as wide as a row is tall: a narrower last
  /// column would break the neighbourhood across the antimeridian.
  private let columnCount: Int
  private let cellDegreesLongitude: Double
  private let cells: CellTable
  private let coordinates: [Coordinate]

  /// Indexes `coordinates`; the answer to a query is indices into this array. `cellSize` must be
  /// at least the largest radius that will be queried.
  public init(_ coordinates: [Coordinate], cellSize: Double) {
    self.coordinates = coordinates
    let cellDegreesLatitude = max(cellSize, 1) / Coordinate.earthRadius * 180 / .pi
    let columnCount = max(1, Int((360 / cellDegreesLatitude).rounded(.down)))
    let cellDegreesLongitude = 360 / Double(columnCount)
    self.cellDegreesLatitude = cellDegreesLatitude
    self.columnCount = columnCount
    self.cellDegreesLongitude = cellDegreesLongitude
    cells = CellTable(
      coordinates.map {
        Self.cell($0, rowHeight: cellDegreesLatitude, columnWidth: cellDegreesLongitude, columns: columnCount)
          .key
      })
  }

  /// Indices of the points within `radius` metres of `center`, ascending.
  public func indices(within radius: Double, of center: Coordinate) -> [Int] {
    // Columns narrow towards the poles: widen the search so that `radius` is still covered. Where
    // the circle reaches a pole every meridian may be in reach, and where the search would visit
    // more cells than there are points, looking at every point is the cheaper way.
    guard let columnSpan = columnsSpanned(radius: radius, latitude: center.latitude),
      3 * (2 * columnSpan + 1) <= coordinates.count
    else {
      return coordinates.indices.filter { coordinates[$0].distance(to: center) <= radius }
    }
    let home = Self.cell(
      center, rowHeight: cellDegreesLatitude, columnWidth: cellDegreesLongitude, columns: columnCount)
    var found: [Int] = []
    for row in home.row - 1...home.row + 1 {
      for column in home.column - columnSpan...home.column + columnSpan {
        let key = Cell(row: row, column: Self.wrapped(column, columnCount)).key
        cells.forEach(in: key) { index in
          if coordinates[index].distance(to: center) <= radius { found.append(index) }
        }
      }
    }
    if found.count > 1 { found.sort() }
    return found
  }

  private static func cell(_ coordinate: Coordinate, rowHeight: Double, columnWidth: Double, columns: Int)
    -> Cell
  {
    Cell(
      row: Int(((coordinate.latitude + 90) / rowHeight).rounded(.down)),
      column: wrapped(Int(((coordinate.longitude + 180) / columnWidth).rounded(.down)), columns))
  }

  private static func wrapped(_ column: Int, _ count: Int) -> Int { ((column % count) + count) % count }

  /// How many columns either side of the centre's can hold a point within `radius`; `nil` when
  /// that is every column (the circle may reach a pole, or wraps the whole ring).
  private func columnsSpanned(radius: Double, latitude: Double) -> Int? {
    let edge = abs(latitude) + cellDegreesLatitude
    guard edge < 90 else { return nil }
    let degrees = radius / Coordinate.earthRadius * 180 / .pi / cos(edge * .pi / 180)
    // Compared as a Double: so close to a pole the quotient may not fit an Int.
    let span = max(1, (degrees / cellDegreesLongitude).rounded(.up))
    return 2 * span + 1 <= Double(columnCount) ? Int(span) : nil
  }
}

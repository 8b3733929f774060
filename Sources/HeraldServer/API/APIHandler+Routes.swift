import Foundation
import HeraldContracts
import HeraldCore
import HeraldInterchange
import HeraldSQLite
import OpenAPIRuntime

extension APIHandler {
  /// The most a GPX body may hold; a route of thousands of points is far smaller.
  static let largestRouteBody = 4 << 20

  func listRoutes(_ input: Operations.ListRoutes.Input) async throws -> Operations.ListRoutes.Output {
    let store = try account.store
    let walk = try await store.activeWalk()
    let poi = try await store.settings().poiNotificationsEnabled
    return .ok(.init(body: .json(try await store.routes().map { .init($0, walk: walk, poi: poi) })))
  }

  func importRoute(_ input: Operations.ImportRoute.Input) async throws -> Operations.ImportRoute.Output {
    let route: Route
    switch input.body {
    case .json(let body):
      if let id = input.query.id, id != body.id {
        throw FieldError("id", "the query names \"\(id)\", the route \"\(body.id)\"")
      }
      // The interchange reader is the one judge of a route document, as for `herald route import`;
      // the generated type only checked its shape.
      route = try RouteDocument.decode(try JSONEncoder().encode(body))
    case .applicationGpxXml(let body):
      guard let id = input.query.id else {
        throw FieldError("id", "required for a GPX route (a GPX document names no id)")
      }
      let data: Data
      do {
        data = try await Data(collecting: body, upTo: Self.largestRouteBody)
      } catch {
        throw APIError(.contentTooLarge, problem: "the GPX document is larger than 4 MiB")
      }
      _ = try Validation.identifier(id, field: "id")
      route = try RouteFile.route(fromGPX: GPXDocument(data: data), id: id)
    }
    let store = try account.store
    let outcome = try await changing { try await store.importRoute(route) }
    let stored = try await storedRoute(route, store)
    switch outcome {
    case .added: return .created(.init(body: .json(stored)))
    case .replaced: return .ok(.init(body: .json(stored)))
    }
  }

  func getRoute(_ input: Operations.GetRoute.Input) async throws -> Operations.GetRoute.Output {
    let store = try account.store
    return .ok(
      .init(body: .json(try await storedRoute(try await existingRoute(input.path.id, store), store))))
  }

  func deleteRoute(_ input: Operations.DeleteRoute.Input) async throws -> Operations.DeleteRoute.Output {
    let store = try account.store
    _ = try await existingRoute(input.path.id, store)
    try await changing { try await store.removeRoute(id: input.path.id) }
    return .noContent(.init())
  }

  func startWalk(_ input: Operations.StartWalk.Input) async throws -> Operations.StartWalk.Output {
    let store = try account.store
    _ = try await existingRoute(input.path.id, store)
    let outcome = try await changing {
      try await store.startWalk(
        routeID: input.path.id, at: clock.now(), restart: input.query.restart ?? false)
    }
    let walk = try await activeWalkState(store)
    switch outcome {
    case .started: return .created(.init(body: .json(walk)))
    case .resumed: return .ok(.init(body: .json(walk)))
    }
  }

  func getWalk(_ input: Operations.GetWalk.Input) async throws -> Operations.GetWalk.Output {
    .ok(.init(body: .json(try await activeWalkState(try account.store))))
  }

  func stopWalk(_ input: Operations.StopWalk.Input) async throws -> Operations.StopWalk.Output {
    let store = try account.store
    try await changing { _ = try await store.stopWalk() }
    return .noContent(.init())
  }

  /// The route `id`, or 404.
  private func existingRoute(_ id: String, _ store: any UserData) async throws -> Route {
    guard let route = try await store.route(id: id) else {
      throw RecordError.notFound("route \(id)", "no such route")
    }
    return route
  }

  /// A route as the API shows it: with its walk when it is the active route.
  private func storedRoute(_ route: Route, _ store: any UserData) async throws
    -> Components.Schemas.StoredRoute
  {
    .init(route, walk: try await store.activeWalk(), poi: try await store.settings().poiNotificationsEnabled)
  }

  /// The walk under way, or 404.
  private func activeWalkState(_ store: any UserData) async throws -> Components.Schemas.WalkState {
    guard let walk = try await store.activeWalk(), let route = try await store.route(id: walk.routeID) else {
      throw RecordError.notFound("walk", "no route is active (POST /routes/{id}/start starts one)")
    }
    return .init(walk, on: route, poi: try await store.settings().poiNotificationsEnabled)
  }
}

extension Components.Schemas.StoredRoute {
  init(_ route: HeraldCore.Route, walk: HeraldCore.Walk?, poi: Bool) {
    self.init(
      id: route.id, name: route.name, waypoints: route.waypoints.map(Components.Schemas.Waypoint.init),
      walk: walk.flatMap { $0.routeID == route.id ? .init($0, on: route, poi: poi) : nil })
  }
}

extension Components.Schemas.Waypoint {
  init(_ point: PointOfInterest) {
    self.init(
      id: point.id, name: point.name, latitude: point.coordinate.latitude,
      longitude: point.coordinate.longitude)
  }
}

extension Components.Schemas.WalkState {
  /// `walk` on `route`: the points reached in the route's order.
  init(_ walk: HeraldCore.Walk, on route: HeraldCore.Route, poi: Bool) {
    self.init(
      routeID: walk.routeID, startedAt: APIInstant.text(walk.startedAt),
      visited: route.waypoints.map(\.id).filter { walk.visited[$0] != nil }, completed: walk.isCompleted,
      completedAt: walk.completedAt.map(APIInstant.text), poiNotificationsEnabled: poi)
  }
}

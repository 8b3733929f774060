import Foundation
import HeraldCore

/// The Route page (spec 004): with a walk under way, the map of its route (an SVG served beside the
/// page, so the content security policy holds), its places reached or not, and the
/// "POI-Benachrichtigungen" state; with none, the stored routes, each with a start button.
struct RoutePage {
  let texts: PageTexts
  let routes: [Route]
  let walk: Walk?
  let poiNotificationsEnabled: Bool
  let formToken: String

  func render(message: HTML? = nil) -> HTML {
    let body: HTML
    if let walk, let route = routes.first(where: { $0.id == walk.routeID }) {
      body = active(route, walk)
    } else {
      body = "<p id=\"no-route\">\(texts.noRoute)</p>\n\(stored)"
    }
    return PageLayout(texts: texts).render(
      .route, title: texts.route, message: message, body: "\(body)\n\(poiState)")
  }

  /// The route walked: its map, its places, and the stop button.
  private func active(_ route: Route, _ walk: Walk) -> HTML {
    let reached = route.waypoints.filter { walk.visited[$0.id] != nil }.count
    let items: [HTML] = route.waypoints.map { point in
      let isVisited = walk.visited[point.id] != nil
      return """
        <li class="\(isVisited ? "visited" : "open")" data-id="\(point.id)">\
        <span class="mark" aria-hidden="true">\(isVisited ? "✓" : "○")</span> \
        <span class="point-name">\(point.name)</span> — \(isVisited ? texts.visited : texts.notVisited)</li>

        """
    }
    let completed: HTML =
      walk.isCompleted ? "<p class=\"notice\" id=\"route-completed\">\(texts.routeCompleted)</p>" : ""
    return """
      <section id="active-route" data-route="\(route.id)">
      <h2>\(route.name)</h2>
      <p id="route-progress">\(texts.reached(reached, of: route.waypoints.count))</p>
      \(completed)
      <figure id="route-map"><img src="/route/map.svg?v=\(reached)" alt="\(texts.mapOf(route.name))"></figure>
      <h2>\(texts.points)</h2>
      <ol class="items" id="route-points">
      \(items)</ol>
      <form method="post" action="/route/stop" class="inline">\(FormToken.field(formToken))
      <button type="submit" id="stop-walk">\(texts.stopWalk)</button></form>
      </section>
      """
  }

  /// Every stored route with a button that starts walking it.
  private var stored: HTML {
    guard !routes.isEmpty else { return "<p id=\"no-routes\">\(texts.noStoredRoutes)</p>" }
    let items: [HTML] = routes.map { route in
      """
      <li data-route="\(route.id)"><span class="route-name">\(route.name)</span> \
      (\(texts.pointCount(route.waypoints.count))) \
      <form method="post" action="/route/start" class="inline">\(FormToken.field(formToken))\
      <input type="hidden" name="route" value="\(route.id)">\
      <button type="submit">\(texts.startWalk)</button></form></li>

      """
    }
    return """
      <h2>\(texts.storedRoutes)</h2>
      <ul class="items" id="stored-routes">
      \(items)</ul>
      """
  }

  /// Whether reaching a place is announced; changed on the settings page.
  private var poiState: HTML {
    let note: HTML = poiNotificationsEnabled ? "" : " <span class=\"footer\">\(texts.poiOffNote)</span>"
    return """
      <section id="poi-state"><h2>\(texts.poiNotifications)</h2>
      <p><strong id="poi-enabled">\(poiNotificationsEnabled ? texts.on : texts.off)</strong>\(note) \
      <a href="/settings#places">\(texts.settings)</a></p>
      <p class="footer">\(texts.poiInfo)</p></section>
      """
  }
}

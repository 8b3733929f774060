import Foundation
import Hummingbird

/// The stylesheet, the pages' scripts and the web app's icons, served from the module's resources;
/// the web app's manifest and service worker at the root (a worker's scope is its own folder, and
/// the worker answers for the whole site).
enum StaticFiles {
  static let types = [
    "css": "text/css; charset=utf-8", "js": "text/javascript; charset=utf-8", "png": "image/png",
    "webmanifest": "application/manifest+json",
  ]

  /// The file's bytes and content type; `nil` for anything not shipped.
  static func file(_ name: String) -> (data: Data, type: String)? {
    let parts = name.split(separator: ".")
    guard parts.count == 2, parts[0].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }),
      let type = types[String(parts[1])],
      let url = Bundle.module.url(
        forResource: String(parts[0]), withExtension: String(parts[1]), subdirectory: "Static"),
      let data = try? Data(contentsOf: url)
    else { return nil }
    return (data, type)
  }

  /// The file `name`, to be checked again on every use (`no-cache`): a changed worker or script is
  /// picked up at the next visit.
  static func response(_ name: String) throws -> Response {
    guard let file = file(name) else { throw HTTPError(.notFound) }
    return Response(
      status: .ok, headers: [.contentType: file.type, .cacheControl: "no-cache"],
      body: .init(byteBuffer: ByteBuffer(bytes: file.data)))
  }

  static func register(on router: some RouterMethods<some RequestContext>) {
    router.get("/static/:name") { _, context in try response(try context.parameters.require("name")) }
    router.get("/sw.js") { _, _ in try response("sw.js") }
    router.get("/manifest.webmanifest") { _, _ in try response("manifest.webmanifest") }
    router.get("/openapi.yaml") { _, _ in
      Response(
        status: .ok, headers: [.contentType: "application/yaml; charset=utf-8"],
        body: .init(byteBuffer: ByteBuffer(string: OpenAPIDocument.text)))
    }
  }
}

import Foundation
import Hummingbird

/// The stylesheet and the live view's script, served from the module's resources.
enum StaticFiles {
  static let types = ["css": "text/css; charset=utf-8", "js": "text/javascript; charset=utf-8"]

  /// The file's bytes and content type; `nil` for anything not shipped.
  static func file(_ name: String) -> (data: Data, type: String)? {
    let parts = name.split(separator: ".")
    guard parts.count == 2, parts[0].allSatisfy({ $0.isLetter || $0 == "-" }),
      let type = types[String(parts[1])],
      let url = Bundle.module.url(
        forResource: String(parts[0]), withExtension: String(parts[1]), subdirectory: "Static"),
      let data = try? Data(contentsOf: url)
    else { return nil }
    return (data, type)
  }

  static func register(on router: some RouterMethods<some RequestContext>) {
    router.get("/static/:name") { _, context in
      guard let file = file(try context.parameters.require("name")) else { throw HTTPError(.notFound) }
      return Response(
        status: .ok, headers: [.contentType: file.type, .cacheControl: "no-cache"],
        body: .init(byteBuffer: ByteBuffer(bytes: file.data)))
    }
    router.get("/openapi.yaml") { _, _ in
      Response(
        status: .ok, headers: [.contentType: "application/yaml; charset=utf-8"],
        body: .init(byteBuffer: ByteBuffer(string: OpenAPIDocument.text)))
    }
  }
}

import Foundation

/// The API's OpenAPI document, served at `/openapi.yaml`: the same file the server's routes and
/// types are generated from at build time.
enum OpenAPIDocument {
  /// The document's text.
  static let text: String = {
    guard let url = Bundle.module.url(forResource: "openapi", withExtension: "yaml"),
      let text = try? String(contentsOf: url, encoding: .utf8)
    else { return "" }
    return text
  }()
}

import Foundation
import HeraldContracts
import HeraldCore
import HeraldInterchange
import HeraldPush
import Hummingbird

/// What the settings page's "On this device" script (device.js) asks of the server, as the page's
/// own session: the key to subscribe with, and the subscription to store. Same origin and the
/// form token, as every form of the pages (`FormOrigin`, `FormToken`): the script reads the token
/// from the page's form and posts it with the subscription, so nobody types the API's token.
struct DeviceRoutes: Sendable {
  let pages: PageRoutes
  let pushServices: PushServices

  func register(on router: some RouterMethods<some RequestContext>) {
    router.get("/settings/push-key") { _, _ in
      Self.json(.object([.init("publicKey", .string(try await PushDevices.publicKey(try await store())))]))
    }
    router.post("/settings/push-subscriptions") { request, _ in try await subscribe(request) }
  }

  /// Stores the posted subscription (form fields `_form` and `subscription`, the JSON of
  /// `PushSubscription.toJSON()`): 201 with its id, 422 naming the field that is wrong.
  private func subscribe(_ request: Request) async throws -> Response {
    if let refusal = FormOrigin.refusal(of: request) { return PageResponse.refused(refusal) }
    let fields = FormFields(String(buffer: try await request.body.collect(upTo: 64 << 10)))
    guard FormToken.accepts(request, fields: fields) else { return PageResponse.formRefused }
    let store = try await store()
    do {
      let json = try JSONValue.parse(Data((fields["subscription"] ?? "").utf8))
      guard case .string(let endpoint)? = json["endpoint"] else {
        throw FieldError("subscription.endpoint", "required")
      }
      guard case .string(let p256dh)? = json["keys"]?["p256dh"],
        case .string(let auth)? = json["keys"]?["auth"]
      else { throw FieldError("subscription.keys", "expected p256dh and auth") }
      let expiry: Double? =
        if case .number(let milliseconds)? = json["expirationTime"] { milliseconds } else { nil }
      let record = try await PushDevices.save(
        endpoint: endpoint, expirationTime: expiry, p256dh: p256dh, auth: auth, services: pushServices,
        store: store, at: pages.clock.now())
      return Self.json(.object([.init("id", .string(record.id))]), status: .created)
    } catch let error as FieldError {
      let texts = PageTexts(language: try await store.language())
      return Self.json(
        .object([.init("problem", .string(texts.problem(error)))]), status: .unprocessableContent)
    }
  }

  /// The page's account's data, whichever engine keeps it.
  private func store() async throws -> any UserData {
    try await pages.account().store
  }

  private static func json(_ value: JSONValue, status: HTTPResponse.Status = .ok) -> Response {
    Response(
      status: status, headers: [.contentType: "application/json", .cacheControl: "no-store"],
      body: .init(byteBuffer: ByteBuffer(bytes: JSONWriter.bytes(value, pretty: false))))
  }
}

import Foundation
import HeraldContracts
import HeraldCore
import HeraldInterchange
import HeraldPush
import Hummingbird
import Logging

/// What the settings page's "On this device" script (device.js) asks of the server, as the page's
/// own session: the key to subscribe with, and the subscription to store. Same origin and the
/// form token, as every form of the pages (`FormOrigin`, `FormToken`): the script reads the token
/// from the page's form and posts it with the subscription, so nobody types the API's token.
struct DeviceRoutes: Sendable {
  let pages: PageRoutes
  let pushServices: PushServices
  /// What a test push is sent with (`serve --push-contact`); nil: none is sent.
  let testPush: PushSettings?

  func register(on router: some RouterMethods<some RequestContext>) {
    router.get("/settings/push-key") { _, _ in
      Self.json(.object([.init("publicKey", .string(try await PushDevices.publicKey(try await store())))]))
    }
    router.post("/settings/push-subscriptions") { request, _ in try await subscribe(request) }
    router.post("/settings/push-test") { request, _ in try await sendTest(request) }
  }

  /// Sends a test push to the device that asks (form fields `_form` and `endpoint`, its
  /// subscription's) and answers what its push service said: 200 when it took it, 422 with the
  /// problem otherwise, in the page's language.
  private func sendTest(_ request: Request) async throws -> Response {
    if let refusal = FormOrigin.refusal(of: request) { return PageResponse.refused(refusal) }
    let fields = FormFields(String(buffer: try await request.body.collect(upTo: 64 << 10)))
    guard FormToken.accepts(request, fields: fields) else { return PageResponse.formRefused }
    let account = try await pages.account()
    let texts = PageTexts(language: try await account.store.language())
    guard let testPush else { return Self.problem(texts.testPushNeedsContact) }
    let (key, secret) = try await PushDispatch.secrets(of: account.store)
    let dispatch = PushDispatch(
      settings: testPush, key: key, secret: secret, logger: Logger(label: "herald.serve.push"))
    defer { Task { await dispatch.stop() } }
    let delivery = TestPush.delivery(texts: texts, at: pages.clock.now())
    // A push service that asks for a retry is tried again within the reminder's TTL (a minute);
    // the person at the button hears within `TestPush.patience` what came of it so far.
    let outcome = await withTaskGroup(of: TestPush.Result.self) { group in
      group.addTask { [store = account.store, scope = account.linkScope] in
        do {
          let outcome = try await dispatch.sendNow(
            delivery, keeper: store, scope: scope, endpoint: fields["endpoint"] ?? "")
          return outcome.map(TestPush.Result.done) ?? .noDevice
        } catch {
          return .done(.failed(problem: "\(error)"))
        }
      }
      group.addTask {
        try? await Task.sleep(for: TestPush.patience)
        return .stillTrying
      }
      defer { group.cancelAll() }
      return await group.next() ?? .stillTrying
    }
    switch outcome {
    case .done(.delivered): return Self.json(.object([.init("sent", .bool(true))]))
    case .done(let outcome): return Self.problem(texts.testPushFailed(outcome.problem ?? outcome.label))
    case .noDevice: return Self.problem(texts.testPushNoDevice)
    case .stillTrying: return Self.problem(texts.testPushStillTrying)
    }
  }

  private static func problem(_ text: String) -> Response {
    json(.object([.init("problem", .string(text))]), status: .unprocessableContent)
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

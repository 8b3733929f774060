import HeraldPush

/// Where `herald serve` listens, and who may reach it.
public struct ServerConfiguration: Sendable {
  /// The address to bind: loopback unless told otherwise.
  public var host: String
  public var port: Int
  /// Binding to a non-loopback address needs this, and then the pages need a login.
  public var allowRemote: Bool
  /// The push services a device's subscription may name: the vendors', and the operator's
  /// (`--push-service`).
  public var pushServices: PushServices
  /// What a test push from the settings page is signed and linked with (`--push-contact` on
  /// `serve`); nil: the page offers none.
  public var testPush: PushSettings?

  public init(
    host: String = "127.0.0.1", port: Int = 8080, allowRemote: Bool = false,
    pushServices: PushServices = .vendorsOnly, testPush: PushSettings? = nil
  ) {
    self.host = host
    self.port = port
    self.allowRemote = allowRemote
    self.pushServices = pushServices
    self.testPush = testPush
  }
}

import HeraldPush
import HeraldWebhooks

/// What a worker pushes to users' devices with (`herald worker --push-contact`): the deployment's
/// key pair and link secret (`PushDispatch.secrets(of:)`), and the client the pushes go through.
public struct WorkerPushing: Sendable {
  public var settings: PushSettings
  public var key: VAPIDKey
  public var secret: LinkSecret
  /// The client the pushes go through; nil: the worker's own (its webhooks'). Either way each
  /// request takes its room at the push service first, as a webhook does at its receiver.
  public var poster: (any WebhookPosting)?

  public init(settings: PushSettings, key: VAPIDKey, secret: LinkSecret, poster: (any WebhookPosting)? = nil)
  {
    self.settings = settings
    self.key = key
    self.secret = secret
    self.poster = poster
  }
}

import HeraldWebhooks

extension DestinationLimit.Outcome {
  /// What a request that failed with `error` after `latency` says of its destination: a status
  /// other than an overload's is an answer (its round trip counts); a broken-off exchange says
  /// nothing of the receiver's load.
  init(_ error: any Error, latency: Duration) {
    let failure = error as? WebhookFailure
    if failure?.saysOverloaded == true {
      self = .overloaded
    } else if failure?.status != nil {
      self = .answered(latency: DestinationGate.seconds(latency))
    } else {
      self = .failed
    }
  }
}

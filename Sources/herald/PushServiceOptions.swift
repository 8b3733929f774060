import ArgumentParser
import HeraldCore
import HeraldPush

/// `--push-service URL`, repeatable, on every command that accepts or sends to subscriptions
/// (`serve`, `run`): the origins a subscription's endpoint may name beside the vendors'.
struct PushServiceOptions: ParsableArguments {
  @Option(
    name: .customLong("push-service"),
    help: ArgumentHelp(
      "An origin, beside the browser vendors' push services, that a device's push subscription may name (repeatable; the only way an http:// endpoint is accepted).",
      valueName: "URL"))
  var pushServices: [String] = []

  /// The push services allowed; a one-line error naming `--push-service` otherwise.
  func allowed() throws(FieldError) -> PushServices {
    do {
      return try PushServices(allowing: pushServices)
    } catch {
      throw FieldError("--push-service", error.problem)
    }
  }
}

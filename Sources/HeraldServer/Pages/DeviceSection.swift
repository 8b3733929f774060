/// The settings page's "On this device": one button that asks for permission and subscribes this
/// browser to push (on the tap, as iOS requires), the device's state, and once subscribed a
/// button that sends it a test push. device.js does the work;
/// its words come from here, in the page's language (`data-` attributes: no inline script). The
/// form carries the form token for the script's post (`DeviceRoutes`); without JavaScript the
/// section says that it needs it.
struct DeviceSection {
  let texts: PageTexts
  let formToken: String

  func render() -> HTML {
    let words: [(String, String)] = [
      ("unsupported", texts.deviceUnsupported), ("home-screen", texts.deviceNeedsHomeScreen),
      ("denied", texts.deviceDenied), ("ask", texts.deviceNotYet), ("working", texts.deviceWorking),
      ("subscribed", texts.deviceSubscribed), ("failed", texts.deviceFailed), ("sent", texts.testPushSent),
    ]
    let data: [HTML] = words.map { name, text in " data-text-\(name)=\"\(text)\"" }
    return """
      <section id="device" aria-labelledby="device-heading"\(data)>
      <h2 id="device-heading">\(texts.deviceHeading)</h2>
      <p id="device-state" role="status">\(texts.deviceNeedsScript)</p>
      <form id="device-form" method="post" action="/settings/push-subscriptions">
      \(FormToken.field(formToken))
      <button type="button" id="device-subscribe" hidden>\(texts.deviceAllow)</button>
      <button type="button" id="device-test" class="secondary" hidden>\(texts.testPushButton)</button>
      </form>
      <p class="footer" id="device-iphone">\(texts.deviceIPhone)</p>
      <script src="/static/device.js" defer></script>
      </section>
      """
  }
}

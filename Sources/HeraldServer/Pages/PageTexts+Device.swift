/// The words of the settings page's "On this device" (`DeviceSection`, device.js).
extension PageTexts {
  var deviceHeading: String { pick("Auf diesem Gerät", "On this device") }
  var deviceAllow: String { pick("Mitteilungen erlauben", "Allow notifications") }
  var deviceNeedsScript: String {
    pick(
      "Mitteilungen auf diesem Gerät brauchen JavaScript.", "Notifications on this device need JavaScript.")
  }
  var deviceUnsupported: String {
    pick(
      "Dieser Browser kann keine Push-Mitteilungen empfangen.",
      "This browser cannot receive push notifications.")
  }
  var deviceNeedsHomeScreen: String {
    pick(
      "Auf dem iPhone zuerst Herald zum Home-Bildschirm hinzufügen (Teilen → Zum Home-Bildschirm), dann dort öffnen.",
      "On an iPhone, first add Herald to the Home Screen (Share → Add to Home Screen), then open it from there."
    )
  }
  var deviceDenied: String {
    pick(
      "Mitteilungen sind für Herald blockiert. Erlaube sie in den Einstellungen des Browsers oder des Geräts.",
      "Notifications are blocked for Herald. Allow them in the browser's or the device's settings.")
  }
  var deviceNotYet: String {
    pick("Dieses Gerät bekommt noch keine Erinnerungen.", "This device gets no reminders yet.")
  }
  var deviceWorking: String { pick("Einen Moment …", "One moment …") }
  var deviceSubscribed: String {
    pick("Dieses Gerät bekommt deine Erinnerungen.", "This device gets your reminders.")
  }
  var deviceFailed: String { pick("Das hat nicht geklappt:", "That did not work:") }
  var deviceIPhone: String {
    pick(
      "iPhone und iPad: ab iOS 16.4, und nur wenn Herald zum Home-Bildschirm hinzugefügt ist (in Safari: Teilen → Zum Home-Bildschirm) und von dort geöffnet wird. Der Server muss über HTTPS erreichbar sein.",
      "iPhone and iPad: iOS 16.4 or later, and only when Herald is added to the Home Screen (in Safari: Share → Add to Home Screen) and opened from there. The server must be reached over HTTPS."
    )
  }
  var testPushButton: String { pick("Test-Push senden", "Send a test push") }
  var testPushSent: String {
    pick(
      "Gesendet: die Mitteilung sollte gleich erscheinen.",
      "Sent: the notification should appear in a moment.")
  }
  var testPushTitle: String { pick("Herald: Test", "Herald: test") }
  var testPushBody: String {
    pick(
      "So erscheinen deine Erinnerungen auf diesem Gerät.",
      "This is how your reminders appear on this device.")
  }
  var testPushNeedsContact: String {
    pick(
      "Kein Test möglich: herald serve wurde ohne --push-contact gestartet.",
      "No test possible: herald serve was started without --push-contact.")
  }
  var testPushNoDevice: String {
    pick(
      "Dieses Gerät ist nicht (mehr) angemeldet. Lade die Seite neu.",
      "This device is not subscribed (any more). Reload the page.")
  }
  var testPushStillTrying: String {
    pick(
      "Der Push-Dienst hat noch nicht geantwortet; Herald versucht es eine Minute lang weiter.",
      "The push service has not answered yet; Herald keeps trying for a minute.")
  }
  func testPushFailed(_ problem: String) -> String {
    pick(
      "Der Push-Dienst hat den Test nicht angenommen: \(problem)",
      "The push service did not take the test: \(problem)")
  }
}

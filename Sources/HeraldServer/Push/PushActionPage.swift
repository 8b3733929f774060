import HeraldPush
import Hummingbird

/// The page a notification's link shows (`PushActionRoutes`): on a `GET`, one button that posts
/// to the same address; after the post, what it did. Phone-sized, in the store's language, and
/// without the form token: the address itself is the capability.
struct PushActionPage {
  enum State {
    /// The link's button, not yet pressed.
    case ask
    case performed
    /// Pressed before, or answered elsewhere: nothing changed now.
    case settled
    /// Past 24 hours after the reminder: nothing changes.
    case expired
    /// Not a link of this server's.
    case refused
  }

  let texts: PageTexts
  var link: ActionLink? = nil
  /// The reminder's subject (a task's title), when known.
  var subject: String? = nil

  func render(_ state: State, status: HTTPResponse.Status = .ok) -> Response {
    let label = link.map { texts.pushActionLabel($0.action) } ?? ""
    let body: HTML =
      switch state {
      case .ask:
        """
        <section id="push-action" class="push-action">
        \(subject.map { "<p id=\"push-action-subject\"><strong>\($0)</strong></p>" as HTML })
        <p>\(texts.pushActionAsk)</p>
        <form method="post" id="push-action-form">
        <button type="submit" id="push-action-button">\(label)</button>
        </form>
        </section>
        """
      case .performed:
        "<p id=\"push-action-result\" role=\"status\">\(texts.pushActionPerformed(link?.action ?? .done))</p>"
      case .settled: "<p id=\"push-action-result\" role=\"status\">\(texts.pushActionSettled)</p>"
      case .expired: "<p id=\"push-action-result\" role=\"alert\">\(texts.pushActionExpired)</p>"
      case .refused: "<p id=\"push-action-result\" role=\"alert\">\(texts.pushActionRefused)</p>"
      }
    let page = PageLayout(texts: texts).render(
      .error, title: state == .ask ? label : texts.pushActionTitle,
      body: "\(body)<p><a href=\"/today\">\(texts.backToToday)</a></p>")
    return PageResponse.html(page, status: status, formToken: ("", false))
  }
}

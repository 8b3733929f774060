import Foundation

/// The Python that reads Herald's pushes independently: a venv at `.build/push-reference` with
/// `http_ece` (Mozilla's reference of RFC 8188/8291) and `cryptography` (ES256 for the VAPID
/// token), pinned, from PyPI, made once for the run. The push reference test and the push service
/// of `scripts/push-service.py` both use it.
public enum PushReference {
  private static let prepared = Result<String, any Error> {
    try ReferenceProgram.python(
      venv: "push-reference", check: "import http_ece, cryptography",
      packages: ["http-ece==1.2.1", "cryptography==51.0.1"])
  }

  /// The venv's Python; `nil` after saying why when it cannot be made — through `fail` (the test's
  /// `Issue.record`) under HERALD_REQUIRE_PYTHON_REFERENCE=1 (CI), a printed skip otherwise.
  public static func python(fail: (String) -> Void) -> String? {
    do {
      return try prepared.get()
    } catch {
      let reason = "Python reference (http_ece + cryptography) unavailable: \(error)"
      if ProcessInfo.processInfo.environment["HERALD_REQUIRE_PYTHON_REFERENCE"] == "1" {
        fail(reason)
      } else {
        print("skipped: \(reason)")
      }
      return nil
    }
  }
}

import Foundation
import HeraldCore
import HeraldTestSupport
import Testing

/// Issue 48, rows 10 and 12 on `herald user`: a webhook where no receiver lives (link-local, where
/// cloud metadata answers; unspecified) is refused in every spelling, one in the operator's own
/// network is taken; a URL's password is never printed; and UTC stays `UTC`.
@Suite(.enabled(if: TestDatabase.enabled, TestDatabase.skipReason))
struct UserCommandInputTests {
  @Test func aWebhookWhereNoReceiverLivesIsRefusedAndSecretsAreNotShown() async throws {
    try await TestDatabase.withDatabase { url in
      let database = url.description
      for hook in [
        "http://169.254.169.254/latest", "http://0.0.0.0/", "http://2852039166/",
        "http://[::ffff:169.254.169.254]/",
        "http://0251.0376.0251.0376/", "https://0xa9fea9fe/", "http://[fe80::1]/", "http://[::]:80/",
      ] {
        let refused = try HeraldProcess.run(["user", "add", "eve", "--postgres", database, "--webhook", hook])
        #expect(refused.status == 1, "\(hook)")
        #expect(refused.stderr.hasPrefix("error: --webhook: "), "\(refused.stderr)")
        #expect(refused.stderr.contains("Herald does not deliver there"), "\(refused.stderr)")
      }
      let allowed = try HeraldProcess.run([
        "user", "add", "ada", "--postgres", database, "--time-zone", "UTC", "--webhook",
        "http://ada:s3cret@127.0.0.1:8000/hook",
      ])
      #expect(allowed.status == 0, "\(allowed.stderr)")
      let list = try HeraldProcess.run(["user", "list", "--postgres", database])
      #expect(list.stdout == "ada  UTC  de  http://***:***@127.0.0.1:8000/hook\n", "\(list.stdout)")
      let show = try HeraldProcess.run(["user", "show", "ada", "--postgres", database])
      #expect(show.stdout.contains("time zone: UTC\n"))
      #expect(!show.stdout.contains("s3cret"))
      // A public receiver, as well as one on the operator's own machine.
      let outside = try HeraldProcess.run([
        "user", "add", "bob", "--postgres", database, "--webhook", "https://hooks.example.com/herald",
      ])
      #expect(outside.status == 0, "\(outside.stderr)")
    }
  }
}

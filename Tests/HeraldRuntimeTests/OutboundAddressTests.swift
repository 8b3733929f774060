import Foundation
import HeraldSystem
import Testing

/// Issue 48, row 12: where Herald may send a request on someone's behalf. Every spelling of a
/// private address is refused — decimal, octal, hex, short, IPv4-mapped IPv6 — and public
/// addresses and names pass (names are checked again, resolved, as they are connected to).
@Suite struct OutboundAddressTests {
  @Test(arguments: [
    "169.254.169.254", "2852039166", "0251.0376.0251.0376", "0xa9fea9fe", "0xA9.0xFE.0xA9.0xFE", "127.1",
    "127.0.0.1", "0.0.0.0", "0", "10.1.2.3", "172.16.0.1", "172.31.255.255", "192.168.1.1", "100.64.0.1",
    "[::1]", "[::]", "[::ffff:169.254.169.254]", "[::ffff:a9fe:a9fe]", "[::127.0.0.1]", "[fe80::1]",
    "[fd00::1]", "[64:ff9b::a9fe:a9fe]", "[2002:a9fe:a9fe::1]", "[ff02::1]", "localhost", "LOCALHOST.",
    "db.localhost", "224.0.0.1", "255.255.255.255", "[fe80::1%25eth0]",
  ])
  func aPrivateHostInAnySpellingIsRefused(host: String) throws {
    #expect(OutboundAddress.refusal(ofHost: host) != nil, "\(host)")
    let url = try #require(URL(string: "http://\(host):8080/hook"))
    #expect(OutboundAddress.refusal(of: url) != nil, "\(host)")
  }

  @Test(arguments: [
    "93.184.215.14", "1.1.1.1", "[2606:4700:4700::1111]", "example.org", "hooks.example.com", "172.32.0.1",
    "100.128.0.1", "169.255.0.1", "[2001:4860::8888]",
  ])
  func aPublicHostOrANameIsLetThrough(host: String) throws {
    #expect(OutboundAddress.refusal(ofHost: host) == nil, "\(host)")
  }

  @Test func aURLIsShownWithoutItsSecrets() throws {
    let url = try #require(URL(string: "https://ada:s3cret@hooks.example.com/in?x=1"))
    #expect(OutboundAddress.shown(url) == "https://***:***@hooks.example.com/in?x=1")
    let plain = try #require(URL(string: "https://hooks.example.com/in"))
    #expect(OutboundAddress.shown(plain) == "https://hooks.example.com/in")
  }

  @Test func onlyHTTPAndHTTPSGo() throws {
    #expect(OutboundAddress.refusal(of: try #require(URL(string: "file:///etc/passwd"))) != nil)
    #expect(OutboundAddress.refusal(of: try #require(URL(string: "gopher://example.org/"))) != nil)
  }
}

import Foundation
import HeraldSystem
import Testing

/// Issue 48, row 12: where Herald may send a request on someone's behalf. Addresses no receiver
/// lives at — link-local (cloud metadata), unspecified, multicast, reserved — are refused to every
/// URL in every spelling (decimal, octal, hex, short, IPv4-mapped IPv6); loopback and private ones
/// only to URLs users supply; public addresses and names pass (names are checked again, resolved,
/// as they are connected to).
@Suite struct OutboundAddressTests {
  @Test(arguments: [
    "169.254.169.254", "2852039166", "0251.0376.0251.0376", "0xa9fea9fe", "0xA9.0xFE.0xA9.0xFE", "0.0.0.0",
    "0",
    "[::]", "[::ffff:169.254.169.254]", "[::ffff:a9fe:a9fe]", "[fe80::1]", "[64:ff9b::a9fe:a9fe]",
    "[2002:a9fe:a9fe::1]", "[ff02::1]", "224.0.0.1", "255.255.255.255", "[fe80::1%25eth0]", "[2001:db8::1]",
  ])
  func anAddressNoReceiverLivesAtIsRefusedInAnySpelling(host: String) throws {
    for policy in [OutboundAddress.Policy.operatorsNetwork, .publicOnly] {
      #expect(OutboundAddress.refusal(ofHost: host, policy: policy) != nil, "\(host)")
      let url = try #require(URL(string: "http://\(host):8080/hook"))
      #expect(OutboundAddress.refusal(of: url, policy: policy) != nil, "\(host)")
    }
  }

  @Test(arguments: [
    "127.1", "127.0.0.1", "2130706433", "10.1.2.3", "172.16.0.1", "172.31.255.255", "192.168.1.1",
    "100.64.0.1",
    "[::1]", "[::127.0.0.1]", "[::ffff:127.0.0.1]", "[fd00::1]", "localhost", "LOCALHOST.", "db.localhost",
  ])
  func theOperatorsNetworkIsRefusedOnlyToURLsUsersSupply(host: String) {
    #expect(OutboundAddress.refusal(ofHost: host, policy: .operatorsNetwork) == nil, "\(host)")
    #expect(OutboundAddress.refusal(ofHost: host, policy: .publicOnly) != nil, "\(host)")
  }

  @Test(arguments: [
    "93.184.215.14", "1.1.1.1", "[2606:4700:4700::1111]", "example.org", "hooks.example.com", "172.32.0.1",
    "100.128.0.1", "169.255.0.1", "[2001:4860::8888]",
  ])
  func aPublicHostOrANameIsLetThrough(host: String) {
    #expect(OutboundAddress.refusal(ofHost: host, policy: .publicOnly) == nil, "\(host)")
  }

  @Test func aURLIsShownWithoutItsSecrets() throws {
    let url = try #require(URL(string: "https://ada:s3cret@hooks.example.com/in?x=1"))
    #expect(OutboundAddress.shown(url) == "https://***:***@hooks.example.com/in?x=1")
    let plain = try #require(URL(string: "https://hooks.example.com/in"))
    #expect(OutboundAddress.shown(plain) == "https://hooks.example.com/in")
  }

  @Test func onlyHTTPAndHTTPSGo() throws {
    #expect(
      OutboundAddress.refusal(of: try #require(URL(string: "file:///etc/passwd")), policy: .operatorsNetwork)
        != nil)
    #expect(
      OutboundAddress.refusal(
        of: try #require(URL(string: "gopher://example.org/")), policy: .operatorsNetwork) != nil)
  }
}

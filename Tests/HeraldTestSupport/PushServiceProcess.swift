import Crypto
import Foundation
import HeraldPush

/// `scripts/push-service.py` on a free loopback port: an independent push service that decrypts
/// every message with `http_ece`, verifies its VAPID token with `cryptography`, answers as each
/// endpoint's script says and writes down every POST.
public final class PushServiceProcess: @unchecked Sendable {
  /// A device subscribed at one of this service's paths: the keys the browser would hold.
  /// (Sendable by hand: swift-crypto's key is an immutable value it does not mark so.)
  public struct Device: @unchecked Sendable {
    public var path: String
    public let privateKey = P256.KeyAgreement.PrivateKey()
    public let auth = (0..<16).map { _ in UInt8.random(in: 0...255) }
    public var p256dh: String { Base64URL.encode(privateKey.publicKey.x963Representation) }

    public init(path: String) { self.path = path }
  }

  /// One POST as the service recorded it.
  public struct Received {
    public var path: String
    /// The real instant it arrived.
    public var time: Date
    /// What the service answered; nil for a POST it never answered.
    public var status: Int?
    public var error: String?
    public var ttl: Int?
    public var urgency: String?
    public var topic: String?
    public var payload: [String: Any]?

    public var notification: [String: Any]? { payload?["notification"] as? [String: Any] }
    public var herald: [String: Any]? { payload?["herald"] as? [String: Any] }
    /// `id fireDate`, as the stdout line names the reminder.
    public var key: String? {
      guard let id = herald?["id"] as? String, let fire = herald?["fireDate"] as? String else { return nil }
      return "\(id) \(fire)"
    }
  }

  public let port: UInt16
  public let origin: String
  public let devices: [Device]
  private let record: String
  private let process = Process()

  /// Starts the service with `devices` at their paths and `scripts` (path → answers, see the
  /// script) for a VAPID contact `sub`, and waits until it listens.
  public init(
    python: String, devices: [Device], scripts: [String: [[String: Any]]], sub: String,
    directory: TemporaryDirectory, name: String
  ) async throws {
    port = try TCPTestServer.freePort()
    origin = "http://127.0.0.1:\(port)"
    self.devices = devices
    record = directory.path("\(name).jsonl")
    let config = directory.path("\(name).json")
    let subscriptions = Dictionary(
      uniqueKeysWithValues: devices.map {
        (
          $0.path,
          ["uaPrivate": Base64URL.encode($0.privateKey.rawRepresentation), "auth": Base64URL.encode($0.auth)]
        )
      })
    try JSONSerialization.data(withJSONObject: [
      "sub": sub, "subscriptions": subscriptions, "scripts": scripts,
    ])
    .write(to: URL(fileURLWithPath: config))
    _ = FileManager.default.createFile(atPath: record, contents: nil)
    let output = directory.path("\(name).out")
    _ = FileManager.default.createFile(atPath: output, contents: nil)
    process.executableURL = URL(fileURLWithPath: python)
    process.arguments = [
      HeraldProcess.repositoryRoot.appendingPathComponent("scripts/push-service.py").path, String(port),
      config,
      record,
    ]
    process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
    process.standardError = process.standardOutput
    try process.start()
    let deadline = Date().addingTimeInterval(20)
    while (try? String(contentsOfFile: output, encoding: .utf8))?.contains("ready") != true {
      guard process.isRunning, Date() < deadline else {
        let said = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        throw PushServiceFailure("push-service.py did not start: \(said.suffix(400))")
      }
      try await Task.sleep(for: .milliseconds(20))
    }
  }

  deinit { stop() }

  public func stop() {
    if process.isRunning { process.terminate() }
  }

  public func endpoint(_ device: Device) -> String { origin + device.path }

  /// Every POST so far, in the order they arrived.
  public func received() -> [Received] {
    let text = (try? String(contentsOfFile: record, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").compactMap { line in
      guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
        let path = object["path"] as? String, let time = object["time"] as? Double
      else { return nil }
      return Received(
        path: path, time: Date(timeIntervalSince1970: time), status: object["status"] as? Int,
        error: object["error"] as? String, ttl: object["ttl"] as? Int, urgency: object["urgency"] as? String,
        topic: object["topic"] as? String, payload: object["payload"] as? [String: Any])
    }
  }
}

/// The push service or a command the push tests need did not do its part.
public struct PushServiceFailure: Error, CustomStringConvertible {
  public var description: String
  public init(_ description: String) { self.description = description }
}

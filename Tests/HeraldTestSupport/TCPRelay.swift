import Foundation
import HeraldSystem

/// A relay in front of a TCP server that notes, per connection, every line the client sent:
/// with it a test counts the `?WATCH` commands of each connection to a real gpsd.
public final class TCPRelay: @unchecked Sendable {
  private let lock = NSLock()
  private var sent: [Int: [String]] = [:]
  private var server: TCPTestServer?
  public var port: UInt16 { server?.port ?? 0 }

  /// Relays connections on a free port to 127.0.0.1:`upstream`; when the upstream cannot be
  /// reached, the client's connection is closed (after its first line is noted).
  public init(upstream: UInt16) throws {
    server = try TCPTestServer { [weak self] client, number in
      self?.relay(client, number, upstream)
    }
  }

  /// The lines each connection's client sent, by connection number (from 1).
  public var linesByConnection: [Int: [String]] { lock.withLock { sent } }

  public func stop() { server?.stop() }

  private func relay(_ client: TCPTestServer.Connection, _ number: Int, _ upstream: UInt16) {
    lock.withLock { sent[number] = [] }
    let server = try? LineSocket(host: "127.0.0.1", port: upstream, timeout: 2, maximumLineLength: 1 << 20)
    let done = Locked(false)
    if let server {
      // Server to client, on a thread of its own, until either side ends.
      Thread.detachNewThread {
        while !done.value {
          guard let read = try? server.read(timeout: 0.1) else { break }
          switch read {
          case .closed: done.value = true
          case .nothing: continue
          case .lines(let lines): client.send(lines.map { ($0 ?? "") + "\n" }.joined())
          }
        }
        done.value = true
        client.close()
      }
    }
    while !done.value {
      guard let line = client.readLine(timeout: 0.2) else {
        if server == nil || client.isClosed { break }
        continue
      }
      lock.withLock { sent[number, default: []].append(line) }
      guard let server else { break }
      do { try server.send(line + "\n") } catch { break }
    }
    done.value = true
  }
}

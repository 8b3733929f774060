import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// One connection of Herald's own to the session bus, through sd-bus.
///
/// sd-bus objects belong to one thread, so the connection runs a thread of its own: it waits with
/// `poll` on the bus and on a wake-up pipe, dispatches incoming signals, and runs the calls other
/// threads hand it. A call from a task suspends until its reply; no thread of the shared pool
/// blocks. When the bus goes away (it stopped, or dropped the connection) the thread ends and
/// `onDisconnect` is told once; a new connection is a new object. Its thread keeps it alive until
/// `close()` or the end of the bus: the owner closes it.
public final class BusConnection: @unchecked Sendable {
  /// A signal heard on the bus: its interface, member, sender and arguments.
  public struct Signal: Sendable, Hashable {
    public var interface: String
    public var member: String
    public var sender: String
    public var arguments: [DBusValue]
  }

  private let library: SDBus
  private let bus: SDBus.Bus
  private let onSignal: @Sendable (Signal) -> Void
  private let onDisconnect: @Sendable (DBusError) -> Void
  /// Read end and write end of the wake-up pipe.
  private let wake: (read: Int32, write: Int32)
  private let lock = NSLock()
  /// Work for the connection's thread; it gets `nil` once the connection has ended.
  private var jobs: [(SDBus.Bus?) -> Void] = []
  private var closing = false
  private var ended = false
  private let finished = DispatchSemaphore(value: 0)
  /// The unique name the bus gave this connection (`:1.42`) and the bus's id, read once connected.
  public let uniqueName: String
  public let busID: String

  /// Connects to the session bus (`DBUS_SESSION_BUS_ADDRESS`, else `$XDG_RUNTIME_DIR/bus`), adds
  /// the match `rules` (signals to hear) and starts the connection's thread.
  public init(
    library: SDBus, matching rules: [String], onSignal: @escaping @Sendable (Signal) -> Void,
    onDisconnect: @escaping @Sendable (DBusError) -> Void
  ) throws(DBusError) {
    self.library = library
    self.onSignal = onSignal
    self.onDisconnect = onDisconnect
    var opened: SDBus.Bus?
    let result = library.openUser(&opened)
    guard result >= 0, let opened else { throw DBusError("connecting to the session bus", code: result) }
    bus = opened
    var fds: [Int32] = [-1, -1]
    guard pipe(&fds) == 0 else {
      _ = library.flushCloseUnref(opened)
      throw DBusError("making a wake-up pipe", code: errno)
    }
    for fd in fds {
      _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    }
    wake = (fds[0], fds[1])
    // The unique name and the bus id arrive with the bus's greeting: wait for them here, once.
    var name: UnsafePointer<CChar>?
    var id = [UInt8](repeating: 0, count: 16)
    let named = library.getUniqueName(opened, &name)
    let identified = id.withUnsafeMutableBytes { bytes in
      bytes.baseAddress.map { library.getBusID(opened, $0) } ?? -EINVAL
    }
    guard named >= 0, identified >= 0, let name else {
      Self.release(library, opened, wake: (fds[0], fds[1]))
      throw DBusError("greeting the session bus", code: named < 0 ? named : identified)
    }
    uniqueName = String(cString: name)
    busID = id.map { String($0, radix: 16) }.map { $0.count == 1 ? "0" + $0 : $0 }.joined()
    let context = Unmanaged.passUnretained(self).toOpaque()
    for rule in rules {
      let added = rule.withCString { library.addMatch(opened, nil, $0, Self.dispatch, context) }
      guard added >= 0 else {
        Self.release(library, opened, wake: wake)
        throw DBusError("listening for \(rule)", code: added)
      }
    }
    let thread = Thread { [self] in run() }
    thread.name = "herald-dbus"
    thread.start()
  }

  /// Calls `member` of `interface` on `path` at `destination` and returns the reply's arguments;
  /// throws the error the peer answered with, or the library's. Waits at most `timeout` seconds.
  public func call(
    destination: String, path: String, interface: String, member: String, arguments: [DBusValue] = [],
    timeout: Double = 5
  ) async throws(DBusError) -> [DBusValue] {
    let library = library
    let operation = "calling \(interface).\(member)"
    let result: Result<[DBusValue], DBusError> = await withCheckedContinuation { continuation in
      let accepted = enqueue { bus in
        guard let bus else {
          return continuation.resume(returning: .failure(DBusError(operation, code: ENOTCONN)))
        }
        continuation.resume(
          returning: Self.call(
            library, bus, operation, destination: destination, path: path, interface: interface,
            member: member, arguments: arguments, timeout: timeout))
      }
      if !accepted { continuation.resume(returning: .failure(DBusError(operation, code: ENOTCONN))) }
    }
    return try result.get()
  }

  /// Flushes what is queued, closes the connection and waits for its thread to end.
  public func close() {
    let wasRunning = lock.withLock {
      defer { closing = true }
      return !closing && !ended
    }
    guard wasRunning else { return }
    poke()
    finished.wait()
  }

  /// Whether the connection still runs.
  public var isOpen: Bool { lock.withLock { !closing && !ended } }

  // MARK: The connection's thread

  private func run() {
    var failure: DBusError?
    while failure == nil {
      // Everything the bus has for us, then everything others asked of it.
      while true {
        let processed = library.process(bus, nil)
        if processed < 0 {
          failure = DBusError("reading from the session bus", code: processed)
          break
        }
        if processed == 0 { break }
      }
      if failure != nil { break }
      let (work, stop) = lock.withLock {
        defer { jobs = [] }
        return (jobs, closing)
      }
      if stop { break }
      for job in work { job(bus) }
      // A call may have read signals into sd-bus's queue: dispatch them before waiting.
      if !work.isEmpty { continue }
      waitForActivity()
    }
    let pending = lock.withLock {
      ended = true
      defer { jobs = [] }
      return jobs
    }
    Self.release(library, bus, wake: wake)
    // Those who still wait are told the connection is gone.
    for job in pending { job(nil) }
    if let failure { onDisconnect(failure) }
    finished.signal()
  }

  /// Sleeps until the bus has something, someone pokes the pipe, or sd-bus's own timeout.
  private func waitForActivity() {
    var timeout: UInt64 = 0
    var milliseconds: Int32 = -1
    if library.getTimeout(bus, &timeout) > 0, timeout != UInt64.max {
      var now = timespec()
      clock_gettime(CLOCK_MONOTONIC, &now)
      let nowMicroseconds = UInt64(now.tv_sec) * 1_000_000 + UInt64(now.tv_nsec) / 1000
      milliseconds =
        timeout <= nowMicroseconds ? 0 : Int32(min((timeout - nowMicroseconds + 999) / 1000, 60_000))
    }
    let events = library.getEvents(bus)
    var fds = [
      pollfd(fd: library.getFD(bus), events: Int16(truncatingIfNeeded: max(events, 0)), revents: 0),
      pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0),
    ]
    _ = poll(&fds, nfds_t(fds.count), milliseconds)
    var drain = [UInt8](repeating: 0, count: 64)
    while read(wake.read, &drain, drain.count) > 0 {}
  }

  /// Hands `job` to the connection's thread; `false` when the connection has ended.
  private func enqueue(_ job: @escaping (SDBus.Bus?) -> Void) -> Bool {
    let accepted = lock.withLock {
      guard !ended, !closing else { return false }
      jobs.append(job)
      return true
    }
    if accepted { poke() }
    return accepted
  }

  private func poke() {
    var byte: UInt8 = 1
    _ = write(wake.write, &byte, 1)
  }

  private static func release(_ library: SDBus, _ bus: SDBus.Bus, wake: (read: Int32, write: Int32)) {
    _ = library.flushCloseUnref(bus)
    Glibc.close(wake.read)
    Glibc.close(wake.write)
  }

  /// The match callback: runs on the connection's thread, inside `sd_bus_process`.
  private static let dispatch: SDBus.Handler = { message, context, _ in
    guard let message, let context else { return 0 }
    let connection = Unmanaged<BusConnection>.fromOpaque(context).takeUnretainedValue()
    let library = connection.library
    let signal = Signal(
      interface: library.getInterface(message).map { String(cString: $0) } ?? "",
      member: library.getMember(message).map { String(cString: $0) } ?? "",
      sender: library.getSender(message).map { String(cString: $0) } ?? "",
      arguments: library.readValues(message))
    connection.onSignal(signal)
    // 0: other matches (and sd-bus itself) may see the message too.
    return 0
  }

  /// One method call, on the connection's thread.
  private static func call(
    _ library: SDBus, _ bus: SDBus.Bus, _ operation: String, destination: String, path: String,
    interface: String, member: String, arguments: [DBusValue], timeout: Double
  ) -> Result<[DBusValue], DBusError> {
    var message: SDBus.Message?
    let created = library.newMethodCall(bus, &message, destination, path, interface, member)
    guard created >= 0, let message else { return .failure(DBusError(operation, code: created)) }
    defer { _ = library.messageUnref(message) }
    do {
      for argument in arguments { try library.append(argument, to: message) }
    } catch {
      return .failure(error)
    }
    // `sd_bus_error`: two `const char *` and an int, zeroed as `SD_BUS_ERROR_NULL`.
    let error = UnsafeMutableRawPointer.allocate(byteCount: 32, alignment: 8)
    error.initializeMemory(as: UInt8.self, repeating: 0, count: 32)
    defer {
      library.errorFree(error)
      error.deallocate()
    }
    var reply: SDBus.Message?
    let called = library.call(bus, message, UInt64(timeout * 1_000_000), error, &reply)
    defer { _ = library.messageUnref(reply) }
    guard called >= 0, let reply else {
      let name = error.load(as: UnsafePointer<CChar>?.self).map { String(cString: $0) }
      let text = error.load(fromByteOffset: 8, as: UnsafePointer<CChar>?.self).map { String(cString: $0) }
      return .failure(DBusError(operation, code: called, name: name, message: text))
    }
    return .success(library.readValues(reply))
  }
}

import Foundation
import HeraldSystem

/// A desktop of one test's own: a virtual screen (Xvfb, on a display number it picks itself), a
/// D-Bus session bus (`dbus-daemon` on a socket in a temporary directory) and the dunst
/// notification server on both. Tests with desktops of their own can run side by side, and a
/// screenshot shows one test's notifications only. The test can restart the server or the bus;
/// every process is stopped by `stop()`.
///
/// dunst runs with a configuration of the test's: nothing expires (a notification stays until
/// closed, so a test sees what is still open), a font and a width that make a readable screenshot.
public final class PrivateDesktop: @unchecked Sendable {
  public let directory: TemporaryDirectory
  /// `unix:path=…/bus`.
  public let address: String
  public let bus: SessionBus
  private let lock = NSLock()
  private var busProcess: Process?
  private var serverProcess: Process?
  private var screenProcess: Process?
  /// The X display of the virtual screen (`:42`).
  public private(set) var display = ""

  /// Starts the screen, the bus and the server; throws when one does not come up within 10 s.
  public init(width: Int = 1024, height: Int = 768) throws {
    directory = try TemporaryDirectory()
    address = "unix:path=\(directory.path("bus"))"
    bus = SessionBus(address: address)
    try Data(Self.busConfiguration(socket: directory.path("bus")).utf8).write(
      to: URL(fileURLWithPath: directory.path("bus.conf")))
    try Data(Self.dunstConfiguration.utf8).write(to: URL(fileURLWithPath: directory.path("dunstrc")))
    do {
      try startScreen(width: width, height: height)
      try startBus()
      try startServer()
    } catch {
      stop()
      throw error
    }
  }

  /// The environment for a process that should use this desktop.
  public var environment: [String: String] {
    var environment = ProcessInfo.processInfo.environment
    environment["DBUS_SESSION_BUS_ADDRESS"] = address
    environment["DISPLAY"] = display
    return environment
  }

  /// Takes a screenshot of the whole screen (ImageMagick's `import -window root`) into `path`,
  /// cut to `crop` (`WxH+X+Y`) when given.
  public func screenshot(to path: String, crop: String? = nil) throws {
    let arguments = ["-window", "root"] + (crop.map { ["-crop", $0, "+repage"] } ?? []) + [path]
    let result = try Program.run("import", arguments, environment: environment)
    guard result.status == 0 else {
      throw SessionBus.Failure("ImageMagick's import exited with \(result.status)")
    }
  }

  /// Starts Xvfb, which picks a free display and names it on the pipe given with `-displayfd`.
  private func startScreen(width: Int, height: Int) throws {
    guard let executable = SessionBus.executable("Xvfb") else { throw SessionBus.Failure("Xvfb not on PATH") }
    let process = Process()
    process.executableURL = executable
    process.arguments = ["-displayfd", "1", "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp"]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.start()
    lock.withLock { screenProcess = process }
    let lines = LineStream(output.fileHandleForReading)
    guard
      let number = lines.wait(until: Date(timeIntervalSinceNow: 10), for: { $0.first.flatMap { Int($0) } })
    else { throw SessionBus.Failure("Xvfb named no display within 10 s") }
    display = ":\(number)"
  }

  /// The notification server's process id.
  public var serverPID: Int32? { lock.withLock { serverProcess?.processIdentifier } }

  /// Starts `dbus-daemon` and waits until it answers.
  public func startBus() throws {
    let process = try launch(
      "dbus-daemon", ["--config-file=\(directory.path("bus.conf"))", "--nofork", "--nopidfile"])
    lock.withLock { busProcess = process }
    try waitUntil("the bus answers") { self.bus.isReachable() }
  }

  /// Starts dunst and waits until it owns `org.freedesktop.Notifications`.
  public func startServer() throws {
    let process = try launch("dunst", ["-config", directory.path("dunstrc")])
    lock.withLock { serverProcess = process }
    try waitUntil("dunst owns org.freedesktop.Notifications") {
      (try? self.bus.hasOwner("org.freedesktop.Notifications")) == true
    }
  }

  /// Stops dunst (SIGTERM) and waits until its name is free.
  public func stopServer() {
    end(
      lock.withLock { () -> Process? in
        defer { serverProcess = nil }
        return serverProcess
      })
  }

  /// Stops the bus (and with it every connection to it).
  public func stopBus() {
    end(
      lock.withLock { () -> Process? in
        defer { busProcess = nil }
        return busProcess
      })
  }

  /// Runs `dunstctl` (dunst's control command) with `arguments` on this desktop; its output.
  public func dunstctl(_ arguments: [String]) throws -> String {
    try Program.run("dunstctl", arguments, environment: environment).output
  }

  /// How many notifications dunst has open: displayed and waiting to be.
  public func openNotificationCount() throws -> Int {
    (Int(try dunstctl(["count", "displayed"])) ?? -1) + (Int(try dunstctl(["count", "waiting"])) ?? -1)
  }

  /// Stops dunst, the bus and the screen, and removes the directory.
  public func stop() {
    stopServer()
    stopBus()
    end(
      lock.withLock { () -> Process? in
        defer { screenProcess = nil }
        return screenProcess
      })
    directory.remove()
  }

  private func launch(_ name: String, _ arguments: [String]) throws -> Process {
    guard let executable = SessionBus.executable(name) else {
      throw SessionBus.Failure("\(name) not on PATH")
    }
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.environment = environment
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.start()
    return process
  }

  private func end(_ process: Process?) {
    guard let process, process.isRunning else { return }
    process.terminate()
    let deadline = Date(timeIntervalSinceNow: 5)
    while process.isRunning, Date() < deadline { usleep(10_000) }
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
  }

  private func waitUntil(_ what: String, _ condition: () -> Bool) throws {
    let deadline = Date(timeIntervalSinceNow: 10)
    while !condition() {
      guard Date() < deadline else { throw SessionBus.Failure("\(what): not within 10 s") }
      usleep(50_000)
    }
  }

  private static func busConfiguration(socket: String) -> String {
    """
    <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-BUS Bus Configuration 1.0//EN"
     "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
    <busconfig>
      <type>session</type>
      <listen>unix:path=\(socket)</listen>
      <auth>EXTERNAL</auth>
      <policy context="default">
        <allow send_destination="*" eavesdrop="true"/>
        <allow eavesdrop="true"/>
        <allow own="*"/>
      </policy>
    </busconfig>
    """
  }

  /// dunst's own defaults, but nothing expires, and a larger font for the screenshot.
  private static let dunstConfiguration = """
    [global]
        width = 420
        origin = top-right
        offset = 10x10
        notification_limit = 0
        progress_bar = true
        progress_bar_height = 12
        progress_bar_max_width = 420
        font = Monospace 10
        markup = full
        format = "<b>%s</b>\\n%b"
        frame_width = 2
        frame_color = "#aaaaaa"
        separator_height = 2
        padding = 10
        horizontal_padding = 10
        stack_duplicates = false
        show_indicators = no
    [urgency_low]
        background = "#222222"
        foreground = "#dddddd"
        timeout = 0
    [urgency_normal]
        background = "#285577"
        foreground = "#ffffff"
        timeout = 0
    [urgency_critical]
        background = "#900000"
        foreground = "#ffffff"
        frame_color = "#ff0000"
        timeout = 0
    """
}

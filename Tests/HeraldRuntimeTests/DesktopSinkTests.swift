import Foundation
import HeraldSystem
import Testing

@testable import HeraldRuntime

/// What the desktop sink needs before it starts: a session bus (sd-bus itself: `DBusBindingTests`).
@Suite struct DesktopSinkTests {
  @Test func withoutASessionBusTheSinkSaysSoInOneLine() {
    #expect(throws: EnvironmentError.self) { try DesktopSink.requireSessionBus([:]) }
    do {
      try DesktopSink.requireSessionBus(["XDG_RUNTIME_DIR": "/nonexistent-herald-test"])
      Issue.record("accepted a runtime directory without a bus")
    } catch {
      #expect(
        error.description
          == "starting the desktop sink: no session bus (DBUS_SESSION_BUS_ADDRESS is not set); "
          + "run it in a desktop session, or under dbus-run-session")
    }
    #expect(throws: Never.self) {
      try DesktopSink.requireSessionBus(["DBUS_SESSION_BUS_ADDRESS": "unix:path=/run/user/1000/bus"])
    }
  }

}

import Testing

@testable import HeraldRuntime

/// Reading `dbus-monitor`'s text for the `ActionInvoked` signals the desktop sink acts on.
@Suite struct ActionSignalListenerTests {
  static let output = """
    signal time=1795337225.373926 sender=org.freedesktop.DBus -> destination=:1.1 serial=2 path=/org/freedesktop/DBus; interface=org.freedesktop.DBus; member=NameAcquired
       string ":1.1"
    signal time=1795337226.889918 sender=:1.3 -> destination=(null destination) serial=2 path=/org/freedesktop/Notifications; interface=org.freedesktop.Notifications; member=ActionInvoked
       uint32 7
       string "snooze"
    signal time=1795337227.000001 sender=:1.0 -> destination=(null destination) serial=9 path=/org/freedesktop/Notifications; interface=org.freedesktop.Notifications; member=NotificationClosed
       uint32 7
       uint32 2
    signal time=1795337228.000001 sender=:1.0 -> destination=(null destination) serial=10 path=/org/freedesktop/Notifications; interface=org.freedesktop.Notifications; member=ActionInvoked
       uint32 12
       string "done"
    """

  @Test func readsIdAndKeyOfEachActionInvoked() {
    var parser = ActionSignalListener.Parser()
    let signals = Self.output.split(separator: "\n").compactMap { parser.feed(String($0)) }
    #expect(signals.map(\.0) == [7, 12])
    #expect(signals.map(\.1) == ["snooze", "done"])
  }

  @Test func ignoresOtherSignalsArguments() {
    var parser = ActionSignalListener.Parser()
    let lines = [
      "signal time=1 sender=:1.0 -> destination=(null destination) serial=1 path=/; interface=x; member=Other",
      "   uint32 3", "   string \"snooze\"",
    ]
    #expect(lines.compactMap { parser.feed($0) }.isEmpty)
  }
}

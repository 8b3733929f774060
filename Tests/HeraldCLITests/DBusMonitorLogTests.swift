import HeraldTestSupport
import Testing

/// Reading back what `dbus-monitor` printed: the desktop test's view of the notification server.
@Suite struct DBusMonitorLogTests {
  /// A `Notify` call from notify-send and dunst's answer, as dbus-monitor 1.14 prints them.
  static let output = """
    method call time=1795338243.739896 sender=:1.7 -> destination=:1.1 serial=10 path=/org/freedesktop/Notifications; interface=org.freedesktop.Notifications; member=Notify
       string "Herald"
       uint32 0
       string ""
       string "Time to move"
       string "Stand up and move for a minute."
       array [
          string "snooze"
          string "Snooze 5 min"
          string "done"
          string "Done"
       ]
       array [
          dict entry(
             string "category"
             variant             string "x-herald.movement"
          )
          dict entry(
             string "suppress-sound"
             variant             boolean true
          )
          dict entry(
             string "urgency"
             variant             byte 0
          )
          dict entry(
             string "sender-pid"
             variant             int64 5204
          )
       ]
       int32 -1
    method return time=1795338243.737905 sender=org.freedesktop.DBus -> destination=:1.7 serial=6 reply_serial=5
       uint32 2
    method return time=1795338243.742714 sender=:1.1 -> destination=:1.7 serial=6 reply_serial=10
       uint32 4
    """

  @Test func readsANotifyCallWithTheIdTheServerReturned() throws {
    let log = DBusMonitorLog(Self.output.split(separator: "\n").map(String.init))
    #expect(log.messages.map(\.kind) == ["method call", "method return", "method return"])
    let call = try #require(log.notifyCalls.first)
    #expect(log.notifyCalls.count == 1)
    #expect(call.appName == "Herald")
    #expect(call.summary == "Time to move")
    #expect(call.body == "Stand up and move for a minute.")
    #expect(call.actionKeys == ["snooze", "done"])
    #expect(call.urgency == 0)
    #expect(call.suppressSound == true)
    #expect(call.hints["category"] == .string("x-herald.movement"))
    #expect(call.hints["sender-pid"] == .number("5204"))
    // The answer to this call (reply_serial 10 to :1.7), not the bus's answer to another one.
    #expect(call.id == 4)
    #expect(call.time == 1_795_338_243.739896)
  }

  @Test func aCallNotYetAnsweredHasNoId() {
    let lines = Self.output.split(separator: "\n").map(String.init).prefix { !$0.hasPrefix("method return") }
    #expect(DBusMonitorLog(Array(lines)).notifyCalls.map(\.id) == [nil])
  }
}

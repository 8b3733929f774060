import Foundation
import HeraldDBus
import Testing

/// Herald's own binding to sd-bus, apart from what it is used for: the library loaded at run time,
/// values with their signatures, errors in one line. (Calls over a real bus are the desktop
/// tests': `herald run --sink desktop` against a private dbus-daemon and dunst.)
@Suite struct DBusBindingTests {
  @Test func sdBusLoadsWithoutDevelopmentHeaders() {
    // libsystemd.so.0 is a run-time dependency only: dlopen finds it and dlsym every function.
    #expect(throws: Never.self) { try SDBus.shared.get() }
    #expect(SDBus.libraryName == "libsystemd.so.0")
  }

  @Test func theNotifyCallsArgumentsHaveTheSignatureOfTheSpecification() {
    // org.freedesktop.Notifications.Notify: susssasa{sv}i.
    let arguments: [DBusValue] = [
      .string("Herald"), .uint32(0), .string(""), .string("Deep Work"), .string("in 5 minutes"),
      .strings(["done", "Erledigt"]), .variants(["urgency": .byte(1), "category": .string("x")]), .int32(-1),
    ]
    #expect(arguments.map(\.signature).joined() == "susssasa{sv}i")
    // A dictionary's entries in key order, whatever order they were given in.
    #expect(
      DBusValue.variants(["b": .boolean(true), "a": .string("x")]).elements?.first
        == .dictEntry(.string("a"), .variant(.string("x"))))
    #expect(DBusValue.structure([.string("a"), .uint32(1)]).signature == "(su)")
    #expect(DBusValue.string("x").string == "x" && DBusValue.uint32(7).uint32 == 7)
    #expect(DBusValue.string("x").uint32 == nil)
  }

  @Test func anErrorSaysWhatWasDoneAndWhatTheBusAnswered() {
    let peer = DBusError(
      "calling org.freedesktop.Notifications.Notify", code: -1,
      name: "org.freedesktop.DBus.Error.ServiceUnknown",
      message: "no owner")
    #expect(
      peer.description
        == "calling org.freedesktop.Notifications.Notify: org.freedesktop.DBus.Error.ServiceUnknown: no owner"
    )
    #expect(!peer.isDisconnection)
    let gone = DBusError("connecting to the session bus", code: ECONNREFUSED)
    #expect(gone.description == "connecting to the session bus: Connection refused")
    #expect(gone.isDisconnection)
  }
}

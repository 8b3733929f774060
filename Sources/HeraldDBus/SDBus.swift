import Foundation
import HeraldSystem

#if canImport(Glibc)
  import Glibc
#endif

/// The few functions of sd-bus, systemd's D-Bus library, that Herald calls, looked up at run time
/// in `libsystemd.so.0` with `dlopen`/`dlsym`.
///
/// Loading at run time keeps the build free of development headers (no `libsystemd-dev`): only the
/// shared library, present on practically every Linux desktop (Debian: `libsystemd0`), is needed,
/// and only by the desktop sink. The C signatures are declared here, one `@convention(c)` type per
/// function, as `sd-bus.h` has them; `sd_bus *`, `sd_bus_message *` and `sd_bus_slot *` are opaque.
public struct SDBus: @unchecked Sendable {
  public typealias Bus = OpaquePointer
  public typealias Message = OpaquePointer
  /// `int (*sd_bus_message_handler_t)(sd_bus_message *m, void *userdata, sd_bus_error *ret_error)`.
  public typealias Handler =
    @convention(c) (Message?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Int32

  public let openUser: @convention(c) (UnsafeMutablePointer<Bus?>) -> Int32
  public let flushCloseUnref: @convention(c) (Bus?) -> Bus?
  public let getFD: @convention(c) (Bus) -> Int32
  public let getEvents: @convention(c) (Bus) -> Int32
  public let getTimeout: @convention(c) (Bus, UnsafeMutablePointer<UInt64>) -> Int32
  public let process: @convention(c) (Bus, UnsafeMutablePointer<Message?>?) -> Int32
  public let addMatch:
    @convention(c) (
      Bus, UnsafeMutablePointer<OpaquePointer?>?, UnsafePointer<CChar>, Handler?, UnsafeMutableRawPointer?
    )
      -> Int32
  public let getUniqueName: @convention(c) (Bus, UnsafeMutablePointer<UnsafePointer<CChar>?>) -> Int32
  /// `int sd_bus_get_bus_id(sd_bus *bus, sd_id128_t *id)`: 16 bytes.
  public let getBusID: @convention(c) (Bus, UnsafeMutableRawPointer) -> Int32
  public let newMethodCall:
    @convention(c) (
      Bus, UnsafeMutablePointer<Message?>, UnsafePointer<CChar>?, UnsafePointer<CChar>, UnsafePointer<CChar>?,
      UnsafePointer<CChar>
    ) -> Int32
  /// `int sd_bus_call(sd_bus *bus, sd_bus_message *m, uint64_t usec, sd_bus_error *ret_error, sd_bus_message **reply)`.
  public let call:
    @convention(c) (Bus, Message, UInt64, UnsafeMutableRawPointer?, UnsafeMutablePointer<Message?>?) -> Int32
  public let messageUnref: @convention(c) (Message?) -> Message?
  public let appendBasic: @convention(c) (Message, CChar, UnsafeRawPointer) -> Int32
  public let openContainer: @convention(c) (Message, CChar, UnsafePointer<CChar>) -> Int32
  public let closeContainer: @convention(c) (Message) -> Int32
  public let peekType:
    @convention(c) (Message, UnsafeMutablePointer<CChar>?, UnsafeMutablePointer<UnsafePointer<CChar>?>?) ->
      Int32
  public let readBasic: @convention(c) (Message, CChar, UnsafeMutableRawPointer) -> Int32
  public let enterContainer: @convention(c) (Message, CChar, UnsafePointer<CChar>?) -> Int32
  public let exitContainer: @convention(c) (Message) -> Int32
  public let getMember: @convention(c) (Message) -> UnsafePointer<CChar>?
  public let getInterface: @convention(c) (Message) -> UnsafePointer<CChar>?
  public let getSender: @convention(c) (Message) -> UnsafePointer<CChar>?
  /// `void sd_bus_error_free(sd_bus_error *e)`.
  public let errorFree: @convention(c) (UnsafeMutableRawPointer) -> Void

  /// The library's file name: the ABI-stable soname, not the `.so` link only `-dev` packages ship.
  public static let libraryName = "libsystemd.so.0"

  /// The library, loaded once per process; the error says what is missing and how to get it.
  public static let shared: Result<SDBus, EnvironmentError> = Result { try SDBus.load() }.mapError { error in
    error as? EnvironmentError
      ?? EnvironmentError(tried: "loading \(libraryName)", problem: "\(error)")
  }

  private static func load() throws -> SDBus {
    let tried = "loading sd-bus from \(libraryName) for desktop notifications"
    guard let handle = dlopen(libraryName, RTLD_NOW | RTLD_LOCAL) else {
      let reason = dlerror().map { String(cString: $0) } ?? "not found"
      throw EnvironmentError(
        tried: tried, problem: reason,
        remedy: "install systemd's library (Debian: apt-get install libsystemd0)")
    }
    func symbol<T>(_ name: String) throws -> T {
      guard let pointer = dlsym(handle, name) else {
        throw EnvironmentError(
          tried: tried, problem: "it has no \(name)", remedy: "libsystemd 221 or later is needed")
      }
      return unsafeBitCast(pointer, to: T.self)
    }
    return SDBus(
      openUser: try symbol("sd_bus_open_user"), flushCloseUnref: try symbol("sd_bus_flush_close_unref"),
      getFD: try symbol("sd_bus_get_fd"), getEvents: try symbol("sd_bus_get_events"),
      getTimeout: try symbol("sd_bus_get_timeout"), process: try symbol("sd_bus_process"),
      addMatch: try symbol("sd_bus_add_match"), getUniqueName: try symbol("sd_bus_get_unique_name"),
      getBusID: try symbol("sd_bus_get_bus_id"), newMethodCall: try symbol("sd_bus_message_new_method_call"),
      call: try symbol("sd_bus_call"), messageUnref: try symbol("sd_bus_message_unref"),
      appendBasic: try symbol("sd_bus_message_append_basic"),
      openContainer: try symbol("sd_bus_message_open_container"),
      closeContainer: try symbol("sd_bus_message_close_container"),
      peekType: try symbol("sd_bus_message_peek_type"), readBasic: try symbol("sd_bus_message_read_basic"),
      enterContainer: try symbol("sd_bus_message_enter_container"),
      exitContainer: try symbol("sd_bus_message_exit_container"),
      getMember: try symbol("sd_bus_message_get_member"),
      getInterface: try symbol("sd_bus_message_get_interface"),
      getSender: try symbol("sd_bus_message_get_sender"), errorFree: try symbol("sd_bus_error_free"))
  }
}

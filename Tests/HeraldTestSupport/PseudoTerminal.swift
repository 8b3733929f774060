import Foundation
import HeraldSystem

#if canImport(Glibc)
  import Glibc
#endif

/// A pseudo-terminal of a given width, so that a test can run `herald` with its standard output
/// on a terminal, as a person in a shell would, and read every byte it writes there.
public enum PseudoTerminal {
  /// Runs `herald` with `arguments`, its standard output on a terminal `columns` wide, and returns
  /// what it wrote (the terminal turns a final `\n` into `\r\n`).
  public static func run(_ arguments: [String], columns: Int) throws -> String {
    // Linux's pseudo-terminal multiplexer; the Glibc module has no posix_openpt, so the two
    // ioctls it makes are made here: unlock the pair (TIOCSPTLCK) and name it (TIOCGPTN).
    let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
    guard master >= 0 else { throw SessionBus.Failure("no /dev/ptmx: \(String(cString: strerror(errno)))") }
    defer { close(master) }
    var unlock: Int32 = 0
    var number: UInt32 = 0
    guard ioctl(master, 0x4004_5431, &unlock) == 0, ioctl(master, 0x8004_5430, &number) == 0 else {
      throw SessionBus.Failure("cannot set up a pseudo-terminal: \(String(cString: strerror(errno)))")
    }
    var size = winsize(ws_row: 24, ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    let slave = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
    guard slave >= 0 else { throw SessionBus.Failure("cannot open /dev/pts/\(number)") }
    let process = HeraldProcess.process(arguments)
    process.standardOutput = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.start()
    // Only the child holds the terminal now: reading ends (EIO) when it exits.
    close(slave)
    var output = Data()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = read(master, &buffer, buffer.count)
      if count <= 0 { break }
      output.append(contentsOf: buffer[0..<count])
    }
    process.waitUntilExit()
    return String(decoding: output, as: UTF8.self)
  }
}

import Foundation
import HeraldCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file a document is read from, opened once: read whole (JSON) or in chunks (GPX, so a long
/// track never sits in memory). Every failure is one plain sentence naming the path, never a
/// Cocoa error code: "is a directory, not a file", "no such file", "permission denied".
///
/// Every read is bounded. By size: no more than `limit` bytes are read, a regular file larger
/// than that is refused before its first byte, and anything else (`/dev/zero`) as soon as it
/// passes the limit. By time: a named file that is not a regular file — a FIFO, a device, a
/// socket — must reach its end within `pipeDeadline`, so a FIFO nobody writes to ends with an
/// error instead of waiting forever. Standard input (`-`) has no deadline: the person who
/// connected it is there to end it.
public final class InputFile {
  /// How long a FIFO, device or socket named as a file may take to deliver the whole document,
  /// from the moment it is opened: as long as Herald waits for a calendar server.
  public static let pipeDeadline: Duration = .seconds(30)

  /// The path as the user gave it, for messages.
  public let path: String
  /// The most bytes read from it.
  public let limit: Int
  private let descriptor: Int32
  private let ownsDescriptor: Bool
  /// When a FIFO, device or socket must have delivered everything; `nil` for a regular file and
  /// standard input.
  private let deadline: ContinuousClock.Instant?
  /// Bytes read so far.
  private var consumed = 0

  /// Opens `path` for reading, at most `limit` bytes; `-` is standard input. A regular file
  /// larger than `limit` is refused here, before anything is read.
  public init(path: String, limit: Int) throws(FieldError) {
    self.path = path
    self.limit = limit
    if path == "-" {
      descriptor = STDIN_FILENO
      ownsDescriptor = false
      deadline = nil
      return
    }
    // Without O_NONBLOCK, opening a FIFO waits for a writer, and no deadline could end that.
    let opened = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard opened >= 0 else { throw Self.failure(path, errno) }
    var status = stat()
    guard fstat(opened, &status) == 0 else {
      let code = errno
      close(opened)
      throw Self.failure(path, code)
    }
    switch status.st_mode & S_IFMT {
    case S_IFDIR:
      close(opened)
      throw FieldError(path, "is a directory, not a file")
    case S_IFREG:
      guard Int(status.st_size) <= limit else {
        close(opened)
        throw Self.tooLarge(path, limit)
      }
      deadline = nil
    default:
      deadline = .now + Self.pipeDeadline
    }
    descriptor = opened
    ownsDescriptor = true
  }

  /// Opens `path` with no limit of its own, for a caller that bounds each read itself
  /// (`readAll(limit:)`).
  public convenience init(path: String) throws(FieldError) {
    try self.init(path: path, limit: .max)
  }

  deinit {
    if ownsDescriptor { close(descriptor) }
  }

  /// Reads up to `buffer.count` bytes; 0 at the end of the file. Past `limit` bytes, or past the
  /// deadline of a FIFO or device, it throws.
  public func read(into buffer: UnsafeMutableRawBufferPointer) throws(FieldError) -> Int {
    // One byte past the limit is enough to tell a file that is too large.
    let room = limit == .max ? buffer.count : min(buffer.count, limit - consumed + 1)
    while true {
      if let deadline { try wait(until: deadline) }
      let count = systemRead(descriptor, buffer.baseAddress, room)
      if count >= 0 {
        consumed += count
        guard consumed <= limit else { throw Self.tooLarge(path, limit) }
        return count
      }
      // A FIFO or device is read without blocking: nothing there yet means wait again.
      if errno == EINTR || errno == EAGAIN { continue }
      throw Self.failure(path, errno)
    }
  }

  /// Waits until there is something to read (or the writer has gone), at most until `deadline`.
  private func wait(until deadline: ContinuousClock.Instant) throws(FieldError) {
    while true {
      let left = ContinuousClock.now.duration(to: deadline)
      guard left > .zero else {
        throw FieldError(
          path,
          "not read to its end within \(Self.pipeDeadline.components.seconds) s, "
            + "the longest Herald waits for a pipe or device")
      }
      let (seconds, attoseconds) = left.components
      let milliseconds = Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1)
      var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      let ready = poll(&poller, 1, milliseconds)
      if ready > 0 { return }
      if ready < 0, errno != EINTR { throw Self.failure(path, errno) }
    }
  }

  /// The whole file, at most `limit` bytes (and never more than the file's own limit); more is an
  /// error that says the limit, raised as soon as the limit is passed (so `/dev/zero` ends at once).
  public func readAll(limit: Int? = nil) throws(FieldError) -> Data {
    let limit = min(limit ?? self.limit, self.limit)
    var data = Data()
    let size = limit < 1 << 20 ? max(limit, 0) + 1 : 1 << 20
    let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 1)
    defer { chunk.deallocate() }
    while true {
      let count = try read(into: chunk)
      if count == 0 { return data }
      guard data.count + count <= limit else { throw Self.tooLarge(path, limit) }
      data.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[0..<count]))
    }
  }

  /// Reads the whole file at `path` (`-`: standard input), at most `limit` bytes.
  public static func contents(of path: String, limit: Int) throws(FieldError) -> Data {
    try InputFile(path: path, limit: limit).readAll()
  }

  static func tooLarge(_ path: String, _ limit: Int) -> FieldError {
    FieldError(path, "larger than \(ByteCountText.text(limit)), the most Herald reads here")
  }

  /// The failure of a system call on `path`, in words.
  static func failure(_ path: String, _ code: Int32) -> FieldError {
    switch code {
    case ENOENT: FieldError(path, "no such file")
    case EACCES: FieldError(path, "permission denied: cannot read it")
    case EISDIR: FieldError(path, "is a directory, not a file")
    case ENOTDIR: FieldError(path, "no such file (a part of the path is not a directory)")
    default: FieldError(path, "cannot read: \(String(cString: strerror(code)).lowercased())")
    }
  }
}

/// `read(2)`, named apart from the method that calls it.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(descriptor, buffer, count)
}

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
public final class InputFile {
  /// The path as the user gave it, for messages.
  public let path: String
  private let descriptor: Int32
  private let ownsDescriptor: Bool

  /// Opens `path` for reading; `-` is standard input.
  public init(path: String) throws(FieldError) {
    self.path = path
    if path == "-" {
      descriptor = STDIN_FILENO
      ownsDescriptor = false
      return
    }
    let opened = open(path, O_RDONLY | O_CLOEXEC)
    guard opened >= 0 else { throw Self.failure(path, errno) }
    var status = stat()
    guard fstat(opened, &status) == 0 else {
      let code = errno
      close(opened)
      throw Self.failure(path, code)
    }
    if status.st_mode & S_IFMT == S_IFDIR {
      close(opened)
      throw FieldError(path, "is a directory, not a file")
    }
    descriptor = opened
    ownsDescriptor = true
  }

  deinit {
    if ownsDescriptor { close(descriptor) }
  }

  /// Reads up to `buffer.count` bytes; 0 at the end of the file.
  public func read(into buffer: UnsafeMutableRawBufferPointer) throws(FieldError) -> Int {
    while true {
      let count = systemRead(descriptor, buffer.baseAddress, buffer.count)
      if count >= 0 { return count }
      if errno == EINTR { continue }
      throw Self.failure(path, errno)
    }
  }

  /// The whole file; more than `limit` bytes is an error that says the limit, raised as soon as
  /// the limit is passed (so `/dev/zero` ends at once).
  public func readAll(limit: Int = .max) throws(FieldError) -> Data {
    var data = Data()
    // One byte past the limit is enough to tell a file that is too large.
    let size = limit < 1 << 20 ? max(limit, 0) + 1 : 1 << 20
    let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 1)
    defer { chunk.deallocate() }
    while true {
      let count = try read(into: chunk)
      if count == 0 { return data }
      guard data.count + count <= limit else {
        throw FieldError(path, "larger than \(ByteCountText.text(limit)), the most Herald reads here")
      }
      data.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[0..<count]))
    }
  }

  /// Reads the whole file at `path` (`-`: standard input).
  public static func contents(of path: String) throws(FieldError) -> Data {
    try InputFile(path: path).readAll()
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

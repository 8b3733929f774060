import Foundation
import HeraldCore

/// Where a streaming reader's bytes come from: each call fills the buffer's start and returns how
/// many bytes it wrote, 0 at the end. A file (`InputFile.read(into:)`), or bytes already in memory.
typealias ByteSource = (UnsafeMutableRawBufferPointer) throws(FieldError) -> Int

/// Byte sources.
enum ByteSources {
  /// `data`, handed out in order, as much as each buffer holds.
  static func data(_ data: Data) -> ByteSource {
    var offset = 0
    return { (buffer) throws(FieldError) in
      let count = min(buffer.count, data.count - offset)
      data.copyBytes(
        to: buffer.bindMemory(to: UInt8.self),
        from: data.startIndex + offset..<data.startIndex + offset + count)
      offset += count
      return count
    }
  }
}

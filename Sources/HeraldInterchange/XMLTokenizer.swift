import HeraldCore

/// What an `XMLTokenizer` reports, in document order.
protocol XMLHandler {
  /// An element opens; its name and attributes are valid only during the call.
  mutating func start(_ tag: XMLTag) throws(FieldError)
  /// The element opened last closes; `name` is its local name.
  mutating func end(_ name: UnsafeBufferPointer<UInt8>) throws(FieldError)
  /// Character data inside the root element, entities decoded, possibly in several pieces.
  mutating func text(_ bytes: UnsafeBufferPointer<UInt8>) throws(FieldError)
}

/// The XML that GPX files are written in, read as a stream with bounded memory: a buffer of
/// 64 KiB that grows only for one piece of markup (a tag, a comment) up to 1 MiB.
///
/// Herald's own, instead of libxml2 through Foundation's `XMLParser`, because GPX needs a small
/// subset and that parser expanded entity declarations (a 1 MB file ran for 20 s), gave up on
/// well-formed tracks over 10 MB, and read a file cut off in the middle as a shorter valid one.
/// Here a document type declaration is refused (so nothing is expanded or fetched), only XML's
/// five predefined entities and character references are known, every end tag must match its
/// start tag, and a document counts only when its root element is closed.
struct XMLTokenizer {
  typealias Source = ByteSource

  static let chunkSize = 1 << 16
  /// The longest single piece of markup read; text of any length streams through.
  static let maximumMarkup = 1 << 20
  /// Deeper element nesting is refused: GPX needs six levels, and the open names take memory.
  static let maximumDepth = 256

  private let source: Source
  var buffer: UnsafeMutableBufferPointer<UInt8>
  /// The first byte not yet consumed.
  var start = 0
  /// One past the last byte read.
  var end = 0
  private var sourceEnded = false
  /// Newlines in bytes already dropped from the buffer, for line numbers.
  private var droppedLines = 0
  /// The qualified names of the open elements, back to back; `openEnds` marks where each ends.
  var openNames: [UInt8] = []
  var openEnds: [Int] = []
  var rootClosed = false
  var sawRoot = false
  var sawMarkup = false

  init(source: @escaping Source) {
    self.source = source
    buffer = .allocate(capacity: Self.chunkSize)
  }

  /// Frees the buffer; call once when done.
  func close() { buffer.deallocate() }

  /// Reads the whole document, reporting to `handler`; throws on the first thing that is wrong.
  mutating func run<Handler: XMLHandler>(_ handler: inout Handler) throws(FieldError) {
    _ = try available(4)
    try skipByteOrderMark()
    while try available(1) > 0 {
      if buffer[start] == UInt8(ascii: "<") {
        try markup(&handler)
      } else {
        try text(&handler)
      }
    }
    guard openEnds.isEmpty else {
      throw error(
        "the file ends inside <\(openName(openEnds.count - 1))>: it is cut off "
          + "(a document counts only when its root element is closed)")
    }
    guard sawRoot else { throw error("no root element: the file is empty or holds no XML element") }
  }

  /// Makes at least `count` bytes available from `start` if the source has them; returns how
  /// many are. Compacts the buffer, and grows it while one piece of markup needs more room.
  mutating func available(_ count: Int) throws(FieldError) -> Int {
    while end - start < count, !sourceEnded {
      if start > 0 {
        for byte in buffer[0..<start] where byte == 0x0A { droppedLines += 1 }
        let kept = end - start
        // Overlapping ranges: copyMemory moves as memmove does.
        UnsafeMutableRawBufferPointer(buffer).copyMemory(
          from: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: buffer[start..<end])))
        start = 0
        end = kept
      }
      if end == buffer.count {
        guard buffer.count < Self.maximumMarkup + Self.chunkSize else {
          throw error("a piece of markup longer than \(Self.maximumMarkup / 1024) KiB")
        }
        let larger = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: buffer.count * 2)
        _ = larger.initialize(from: buffer[0..<end])
        buffer.deallocate()
        buffer = larger
      }
      let read = try source(
        UnsafeMutableRawBufferPointer(UnsafeMutableBufferPointer(rebasing: buffer[end..<buffer.count])))
      if read == 0 { sourceEnded = true }
      end += read
    }
    return min(count, end - start)
  }

  private mutating func skipByteOrderMark() throws(FieldError) {
    guard end - start >= 2 else { return }
    if buffer[start] == 0xEF, end - start >= 3, buffer[start + 1] == 0xBB, buffer[start + 2] == 0xBF {
      start += 3
    } else if (buffer[start] == 0xFF && buffer[start + 1] == 0xFE)
      || (buffer[start] == 0xFE && buffer[start + 1] == 0xFF)
    {
      throw error("the file is UTF-16; GPX files are read as UTF-8")
    }
  }

  /// Character data up to the next `<`; entities decoded. Outside the root only spaces may stand.
  private mutating func text<Handler: XMLHandler>(_ handler: inout Handler) throws(FieldError) {
    var run = start
    while run < end, buffer[run] != UInt8(ascii: "<") {
      if buffer[run] == UInt8(ascii: "&") {
        try emitText(start, run, &handler)
        start = run
        var scalar = [UInt8]()
        try entity(into: &scalar)
        try scalar.withUnsafeBufferPointer { (pointer) throws(FieldError) in try emitText(pointer, &handler) }
        run = start
        continue
      }
      run += 1
    }
    try emitText(start, run, &handler)
    start = run
  }

  private mutating func emitText<Handler: XMLHandler>(
    _ from: Int, _ to: Int, _ handler: inout Handler
  ) throws(FieldError) {
    guard to > from else { return }
    if openEnds.isEmpty, let stray = buffer[from..<to].firstIndex(where: { !XMLTag.isSpace($0) }) {
      // The error names the line of the stray character, not of the spaces before it.
      start = stray
      throw error(sawRoot ? "text after the root element" : "text before the root element")
    }
    try emitText(UnsafeBufferPointer(rebasing: buffer[from..<to]), &handler)
  }

  private mutating func emitText<Handler: XMLHandler>(
    _ bytes: UnsafeBufferPointer<UInt8>, _ handler: inout Handler
  ) throws(FieldError) {
    if openEnds.isEmpty {
      guard bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) else {
        throw error(sawRoot ? "text after the root element" : "text before the root element")
      }
      return
    }
    do { try handler.text(bytes) } catch { throw located(error) }
  }

  /// A handler's error, with the line it refers to.
  func located(_ error: FieldError) -> FieldError {
    FieldError(error.field, "\(error.problem) (line \(line))")
  }

  /// The line of `start`, 1-based.
  var line: Int {
    var lines = droppedLines + 1
    for byte in buffer[0..<min(start, end)] where byte == 0x0A { lines += 1 }
    return lines
  }

  /// An error about the document at `start`, with its line.
  func error(_ problem: String) -> FieldError {
    FieldError("", "not well-formed XML: \(problem) (line \(line))")
  }

  func openName(_ index: Int) -> String {
    let from = index == 0 ? 0 : openEnds[index - 1]
    return String(decoding: openNames[from..<openEnds[index]], as: UTF8.self)
  }
}

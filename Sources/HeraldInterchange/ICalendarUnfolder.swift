/// Unfolds an iCalendar file into content lines as its bytes arrive, in chunks of any size: CRLF
/// or LF followed by one space or tab continues the line (RFC 5545 §3.1). It works on bytes, so a
/// UTF-8 character folded in its middle — or cut by a chunk's edge — joins up again.
///
/// A line is handed over only once the next physical line shows it is not continued, so at most
/// one content line is held, however large the file.
struct ICalendarUnfolder {
  private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
  /// The longest content line read, unfolded. RFC 5545 sets none; a long `DESCRIPTION` is some
  /// KB, and an attachment inline in base64 (`ATTACH;ENCODING=BASE64`, which Herald reads past) a
  /// few MB. A file without line breaks (`/dev/zero`) is refused here, long before the file's
  /// own limit, holding no more than this.
  static let maximumLineLength = 16 << 20

  /// The content line being gathered.
  private var line: [UInt8] = []
  /// The physical line it starts on.
  private var lineNumber = 0
  private var hasLine = false
  /// Physical lines begun so far.
  private var physical = 0
  /// Whether the next byte begins a physical line.
  private var atLineStart = true
  /// Whether the physical line being read begins a content line (it is not a continuation).
  private var physicalIsNew = false
  /// Where the physical line being read starts in `line`: its CR, if any, is stripped only from it.
  private var physicalStart = 0
  /// The file's first bytes, held until it is known whether they are a byte order mark.
  private var head: [UInt8] = []
  private var pastHead = false

  /// Unfolds the next `bytes` of the file, handing `emit` every content line they complete.
  mutating func feed(
    _ bytes: UnsafeRawBufferPointer, _ emit: (ICalendarLineParser.Unfolded) -> Void
  ) throws(ICalendarProblem) {
    var rest = bytes[...]
    if !pastHead {
      // Windows tools (Outlook among them) may start the file with a UTF-8 byte order mark, and
      // a chunk may end inside it.
      while head.count < Self.byteOrderMark.count, let byte = rest.first {
        head.append(byte)
        rest = rest.dropFirst()
      }
      guard head.count == Self.byteOrderMark.count else { return }
      try takeHead(emit)
    }
    try unfold(UnsafeRawBufferPointer(rebasing: rest), emit)
  }

  /// The file has ended: hands `emit` the last content line.
  mutating func finish(_ emit: (ICalendarLineParser.Unfolded) -> Void) throws(ICalendarProblem) {
    if !pastHead { try takeHead(emit) }
    // The last physical line may end without a line break.
    if !atLineStart { try endPhysicalLine() }
    if hasLine {
      emit(ICalendarLineParser.Unfolded(bytes: line, line: lineNumber))
      hasLine = false
    }
  }

  private mutating func takeHead(_ emit: (ICalendarLineParser.Unfolded) -> Void) throws(ICalendarProblem) {
    pastHead = true
    guard head != Self.byteOrderMark else { return }
    let bytes = head
    // `withUnsafeBytes` rethrows untyped errors: the problem is carried out by hand.
    let problem = bytes.withUnsafeBytes { (raw) -> ICalendarProblem? in
      do throws(ICalendarProblem) {
        try unfold(raw, emit)
        return nil
      } catch {
        return error
      }
    }
    if let problem { throw problem }
  }

  private mutating func unfold(
    _ bytes: UnsafeRawBufferPointer, _ emit: (ICalendarLineParser.Unfolded) -> Void
  ) throws(ICalendarProblem) {
    var index = 0
    while index < bytes.count {
      if atLineStart {
        atLineStart = false
        physical += 1
        let first = bytes[index]
        if first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") {
          guard hasLine else {
            throw ICalendarProblem(
              line: physical, "a continuation line (starting with a space or tab) with no line before it")
          }
          index += 1
          physicalIsNew = false
          physicalStart = line.count
        } else {
          if hasLine {
            emit(ICalendarLineParser.Unfolded(bytes: line, line: lineNumber))
            line.removeAll(keepingCapacity: true)
          }
          hasLine = true
          lineNumber = physical
          physicalIsNew = true
          physicalStart = 0
        }
        continue
      }
      let rest = bytes[index...]
      let newline = rest.firstIndex(of: UInt8(ascii: "\n"))
      let end = newline ?? bytes.count
      guard line.count + (end - index) <= Self.maximumLineLength else {
        throw ICalendarProblem(
          line: lineNumber,
          "a content line longer than \(ByteCountText.text(Self.maximumLineLength)), the most Herald reads")
      }
      // Rebased: a raw buffer is appended as one copy, a slice of one byte by byte.
      line.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[index..<end]))
      guard let newline else { return }
      index = newline + 1
      try endPhysicalLine()
    }
  }

  /// A physical line ends (at its LF, or at the end of the file).
  private mutating func endPhysicalLine() throws(ICalendarProblem) {
    if line.count > physicalStart, line.last == UInt8(ascii: "\r") { line.removeLast() }
    if physicalIsNew, line.isEmpty {
      throw ICalendarProblem(line: physical, "an empty line is not NAME[;PARAM=…]:VALUE")
    }
    atLineStart = true
  }
}

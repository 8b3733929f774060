import HeraldCore

extension XMLTokenizer {
  /// Markup at `start` (a `<`): a tag, a comment, a processing instruction or CDATA.
  mutating func markup<Handler: XMLHandler>(_ handler: inout Handler) throws(FieldError) {
    _ = try available(9)
    let next = end - start > 1 ? buffer[start + 1] : 0
    if next == UInt8(ascii: "?") {
      let length = try markupLength(after: 2, until: "?>")
      try declaration(length)
      start += length
    } else if next == UInt8(ascii: "!") {
      if hasPrefix("<!--") {
        start += try markupLength(after: 4, until: "-->")
      } else if hasPrefix("<![CDATA[") {
        let length = try markupLength(after: 9, until: "]]>")
        try emitCharacterData(from: start + 9, to: start + length - 3, &handler)
        start += length
      } else if hasPrefix("<!DOCTYPE") || hasPrefix("<!ENTITY") {
        throw error(
          "a document type declaration (<!DOCTYPE …>) is not allowed: GPX needs none, and Herald "
            + "neither expands entity declarations nor fetches anything they name")
      } else {
        throw error("unexpected markup starting with <!")
      }
    } else if next == UInt8(ascii: "/") {
      let length = try markupLength(after: 2, until: ">")
      try endTag(length, &handler)
      start += length
    } else {
      let length = try markupLength(after: 1, until: ">", quoted: true)
      try startTag(length, &handler)
      start += length
    }
    sawMarkup = true
  }

  private func hasPrefix(_ text: StaticString) -> Bool {
    let count = text.utf8CodeUnitCount
    guard end - start >= count else { return false }
    for offset in 0..<count where buffer[start + offset] != text.utf8Start[offset] { return false }
    return true
  }

  /// The length of the markup at `start` up to and including `terminator`, which must begin after
  /// the `opener` bytes (`<?>` is not a whole instruction); inside quotes (in a tag) a terminator
  /// does not count. Reads more as needed.
  private mutating func markupLength(
    after opener: Int, until terminator: StaticString, quoted: Bool = false
  ) throws(FieldError) -> Int {
    let last = terminator.utf8Start[terminator.utf8CodeUnitCount - 1]
    let size = terminator.utf8CodeUnitCount
    var offset = 1
    var quote: UInt8 = 0
    while true {
      if start + offset >= end {
        guard try available(offset + 1) > offset else {
          throw error("the file ends inside markup: it is cut off")
        }
      }
      let byte = buffer[start + offset]
      if quote != 0 {
        if byte == quote { quote = 0 }
      } else if quoted, byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        quote = byte
      } else if byte == last, offset + 1 - size >= opener {
        let from = start + offset + 1 - size
        if (0..<size).allSatisfy({ buffer[from + $0] == terminator.utf8Start[$0] }) { return offset + 1 }
      } else if quoted, byte == UInt8(ascii: "<") {
        throw error("'<' inside a tag")
      }
      offset += 1
    }
  }

  /// `<?xml version="1.0" encoding="…"?>` is checked for its encoding; other instructions are skipped.
  private func declaration(_ length: Int) throws(FieldError) {
    let body = UnsafeBufferPointer(rebasing: buffer[start + 2..<start + length - 2])
    guard body.starts(with: "xml ".utf8) || body.elementsEqual("xml".utf8) else { return }
    guard !sawMarkup else { throw error("the XML declaration must come first") }
    let tag = try XMLTag(
      parsing: UnsafeBufferPointer(rebasing: body[body.startIndex + 3..<body.endIndex]), name: body)
    guard let encoding = tag.value(of: "encoding")?.lowercased() else { return }
    guard encoding == "utf-8" || encoding == "us-ascii" || encoding == "ascii" else {
      throw error("the encoding \(encoding.uppercased()) is not supported; GPX files are read as UTF-8")
    }
  }

  private mutating func startTag<Handler: XMLHandler>(_ length: Int, _ handler: inout Handler)
    throws(FieldError)
  {
    let selfClosing = buffer[start + length - 2] == UInt8(ascii: "/")
    let inner = UnsafeBufferPointer(rebasing: buffer[start + 1..<start + length - (selfClosing ? 2 : 1)])
    let nameEnd = inner.firstIndex { XMLTag.isSpace($0) } ?? inner.endIndex
    let name = UnsafeBufferPointer(rebasing: inner[inner.startIndex..<nameEnd])
    guard XMLTag.isName(name) else { throw error("a tag without a valid element name") }
    if openEnds.isEmpty {
      guard !rootClosed else {
        throw error("a second root element <\(String(decoding: name, as: UTF8.self))>")
      }
      sawRoot = true
    }
    let tag: XMLTag
    do {
      tag = try XMLTag(parsing: UnsafeBufferPointer(rebasing: inner[nameEnd..<inner.endIndex]), name: name)
    } catch {
      throw self.error(error.problem)
    }
    do { try handler.start(tag) } catch { throw located(error) }
    if selfClosing {
      do { try handler.end(tag.localName) } catch { throw located(error) }
      rootClosed = openEnds.isEmpty
    } else {
      guard openEnds.count < Self.maximumDepth else {
        throw error("elements nested deeper than \(Self.maximumDepth) levels")
      }
      openNames.append(contentsOf: name)
      openEnds.append(openNames.count)
    }
  }

  private mutating func endTag<Handler: XMLHandler>(_ length: Int, _ handler: inout Handler)
    throws(FieldError)
  {
    var inner = UnsafeBufferPointer(rebasing: buffer[start + 2..<start + length - 1])
    while let last = inner.last, XMLTag.isSpace(last) {
      inner = UnsafeBufferPointer(rebasing: inner[inner.startIndex..<inner.endIndex - 1])
    }
    guard let open = openEnds.last else { throw error("an end tag with no element open") }
    let from = openEnds.count > 1 ? openEnds[openEnds.count - 2] : 0
    guard openNames[from..<open].elementsEqual(inner) else {
      throw error(
        "</\(String(decoding: inner, as: UTF8.self))> where </\(openName(openEnds.count - 1))> was expected")
    }
    do { try handler.end(XMLTag.localName(inner)) } catch { throw located(error) }
    openNames.removeSubrange(from...)
    openEnds.removeLast()
    rootClosed = openEnds.isEmpty
  }

  private mutating func emitCharacterData<Handler: XMLHandler>(
    from: Int, to: Int, _ handler: inout Handler
  ) throws(FieldError) {
    guard !openEnds.isEmpty else { throw error("CDATA outside the root element") }
    guard to > from else { return }
    do { try handler.text(UnsafeBufferPointer(rebasing: buffer[from..<to])) } catch { throw located(error) }
  }

  /// An entity or character reference at `start` (a `&`), decoded into `bytes` as UTF-8.
  mutating func entity(into bytes: inout [UInt8]) throws(FieldError) {
    let available = try self.available(12)
    let window = UnsafeBufferPointer(rebasing: buffer[start..<start + available])
    guard let semicolon = window.firstIndex(of: UInt8(ascii: ";")) else {
      throw error("'&' that starts no entity reference (write &amp; for a literal &)")
    }
    let reference = UnsafeBufferPointer(rebasing: window[window.startIndex + 1..<semicolon])
    guard let decoded = XMLTag.decodeReference(reference) else {
      throw error(
        "the entity &\(String(decoding: reference, as: UTF8.self)); is not defined: GPX files have no DTD, so "
          + "only &lt; &gt; &amp; &quot; &apos; and character references are allowed")
    }
    bytes.append(contentsOf: decoded)
    start += semicolon + 1
  }
}

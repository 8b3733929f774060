/// Whatever the user typed, a push fits the 4 096 bytes push services take: only when the whole
/// message would not fit are its title and body shortened, in the push alone, each ending with
/// "…", cut between characters (grapheme clusters), never inside one or inside a UTF-8 sequence.
extension PushPayload {
  /// The UTF-8 JSON of this payload, or of the longest shortening that fits `limit` bytes
  /// (by default what an encrypted body of 4 096 bytes holds).
  ///
  /// Shortening keeps each field to at most `k` characters and takes the largest `k` that fits:
  /// a short title stays whole while a long body gives way, and either gives way only as much as
  /// needed. The length in bytes grows with `k`, so a binary search finds it.
  public func fitted(limit: Int = WebPushEncryption.maximumPlaintextSize) throws(PushError) -> [UInt8] {
    let whole = bytes
    if whole.count <= limit { return whole }
    // A character is at least one byte, so no more than `limit` of them are ever kept: the
    // characters past those are never looked at (finding them is the costly part of a long text).
    let titleEnds = Self.characterEnds(title, upTo: limit)
    let bodyEnds = Self.characterEnds(body, upTo: limit)
    func shortened(_ k: Int) -> [UInt8] {
      var copy = self
      copy.title = Self.shorten(title, titleEnds, to: k)
      copy.body = Self.shorten(body, bodyEnds, to: k)
      return copy.bytes
    }
    let smallest = shortened(1)
    guard smallest.count <= limit else {
      throw .fixedPartsTooLarge(bytes: smallest.count, limit: limit)
    }
    // Invariant: k = low fits; k = high does not (the whole text did not, and neither does more
    // than `limit` characters).
    var low = 1
    var high = min(max(titleEnds.count, bodyEnds.count), limit + 1)
    var best = smallest
    while high - low > 1 {
      let middle = low + (high - low) / 2
      let candidate = shortened(middle)
      if candidate.count <= limit {
        low = middle
        best = candidate
      } else {
        high = middle
      }
    }
    return best
  }

  /// Where each of the first `limit + 1` characters of `text` ends (all of them when it has fewer):
  /// more than `limit` entries say that it is longer than any shortening keeps.
  static func characterEnds(_ text: String, upTo limit: Int) -> [String.Index] {
    var ends: [String.Index] = []
    var index = text.startIndex
    while index < text.endIndex, ends.count <= limit {
      index = text.index(after: index)
      ends.append(index)
    }
    return ends
  }

  /// `text` whole when it has at most `k` characters, else its first `k - 1` and "…" (`k` ≥ 1).
  static func shorten(_ text: String, _ ends: [String.Index], to k: Int) -> String {
    guard ends.count > k else { return text }
    return k >= 2 ? text[..<ends[k - 2]] + "…" : "…"
  }
}

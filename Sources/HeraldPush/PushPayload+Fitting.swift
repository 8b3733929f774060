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
    let titleCharacters = Array(title)
    let bodyCharacters = Array(body)
    func shortened(_ k: Int) -> [UInt8] {
      var copy = self
      copy.title = Self.shorten(titleCharacters, to: k)
      copy.body = Self.shorten(bodyCharacters, to: k)
      return copy.bytes
    }
    let smallest = shortened(1)
    guard smallest.count <= limit else {
      throw .fixedPartsTooLarge(bytes: smallest.count, limit: limit)
    }
    // Invariant: k = low fits; k = high does not (the whole text did not).
    var low = 1
    var high = max(titleCharacters.count, bodyCharacters.count)
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

  /// `characters` whole when there are at most `k`, else the first `k - 1` and "…" (`k` ≥ 1).
  static func shorten(_ characters: [Character], to k: Int) -> String {
    guard characters.count > k else { return String(characters) }
    return String(characters.prefix(max(0, k - 1))) + "…"
  }
}

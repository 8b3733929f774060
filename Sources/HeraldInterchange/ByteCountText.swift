/// A size for a message: `1 GiB`, `4 MiB`, `512 KiB`, `300 bytes`.
public enum ByteCountText {
  public static func text(_ count: Int) -> String {
    if count >= 1 << 30, count % (1 << 30) == 0 { return "\(count >> 30) GiB" }
    if count >= 1 << 20, count % (1 << 20) == 0 { return "\(count >> 20) MiB" }
    if count >= 1 << 10, count % (1 << 10) == 0 { return "\(count >> 10) KiB" }
    return count == 1 ? "1 byte" : "\(count) bytes"
  }
}

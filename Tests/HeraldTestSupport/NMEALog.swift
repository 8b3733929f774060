import Foundation

/// NMEA 0183 sentences for gpsfake, written by the test: an RMC (status A) and a GGA (quality 1)
/// per fix, with correct checksums (`$…*hh`). gpsd turns each pair into one `TPV` with mode 3.
public enum NMEALog {
  /// A fix as gpsd will report it: the position rounded as NMEA writes it (1/10 000 of an arc
  /// minute, about 0.2 m), and its time.
  public struct Fix: Sendable {
    public var latitude: Double
    public var longitude: Double
    public var time: Date
  }

  /// The sentences for `fixes`, and the fixes as gpsd will see them after NMEA's rounding.
  public static func sentences(_ fixes: [(latitude: Double, longitude: Double, time: Date)]) -> (
    text: String, fixes: [Fix]
  ) {
    var text = ""
    var seen: [Fix] = []
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
    for fix in fixes {
      let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: fix.time)
      let clock = String(format: "%02d%02d%02d.00", parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
      let date = String(format: "%02d%02d%02d", parts.day ?? 0, parts.month ?? 0, (parts.year ?? 2000) % 100)
      let (latitudeText, north, latitude) = angle(fix.latitude, degreeDigits: 2, positive: "N", negative: "S")
      let (longitudeText, east, longitude) = angle(
        fix.longitude, degreeDigits: 3, positive: "E", negative: "W")
      text += sentence(
        "GPRMC,\(clock),A,\(latitudeText),\(north),\(longitudeText),\(east),0.8,0.0,\(date),,,A")
      text += sentence(
        "GPGGA,\(clock),\(latitudeText),\(north),\(longitudeText),\(east),1,09,0.9,210.0,M,46.9,M,,")
      seen.append(Fix(latitude: latitude, longitude: longitude, time: fix.time))
    }
    return (text, seen)
  }

  /// `$BODY*hh\r\n`: the checksum is the XOR of the body's bytes.
  public static func sentence(_ body: String) -> String {
    let checksum = body.utf8.reduce(UInt8(0), ^)
    return "$\(body)*\(String(format: "%02X", checksum))\r\n"
  }

  /// `ddmm.mmmm` (or `dddmm.mmmm`), the hemisphere, and the value it stands for.
  private static func angle(_ value: Double, degreeDigits: Int, positive: String, negative: String) -> (
    String, String, Double
  ) {
    let magnitude = abs(value)
    var degrees = Int(magnitude)
    var minutes = ((magnitude - Double(degrees)) * 60 * 10_000).rounded() / 10_000
    if minutes >= 60 {
      degrees += 1
      minutes -= 60
    }
    let text = String(format: "%0\(degreeDigits)d%07.4f", degrees, minutes)
    let written = (Double(degrees) + minutes / 60) * (value < 0 ? -1 : 1)
    return (text, value < 0 ? negative : positive, written)
  }
}

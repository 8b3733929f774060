/// Herald's own version, for `herald --version`.
enum HeraldVersion {
  static let current = "0.30.0"
}

import Foundation

/// A calendar the daemon follows (`herald calendar add`): where it is read from and how its last
/// read went. Its items, the last good copy, are kept apart (`CalendarItem`).
public struct FollowedCalendar: Sendable, Hashable, Identifiable {
  /// What kind of source it is, which decides how it is read.
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    /// A local `.ics` file.
    case file
    /// A vdir folder: one `.ics` file per item (khal, todoman, vdirsyncer).
    case vdir
    /// An `.ics` feed on the web, read-only.
    case feed
    /// A CalDAV collection.
    case caldav
  }

  /// `c1`, `c2`, …
  public var id: String
  public var name: String
  public var kind: Kind
  /// The path or URL as the user gave it.
  public var source: String
  public var username: String?
  /// Where the password is read from at each sync; the password itself is never stored.
  public var passwordFile: String?
  /// When the last good copy was read; `nil` never happens once added.
  public var lastReadAt: Date?
  /// Why the last read failed, when it did; cleared by the next good read.
  public var lastError: String?
  /// A CalDAV collection's sync token (RFC 6578) for the last good copy: the next read asks only
  /// for what changed since.
  public var syncToken: String?

  public init(
    id: String = "", name: String, kind: Kind, source: String, username: String? = nil,
    passwordFile: String? = nil, lastReadAt: Date? = nil, lastError: String? = nil, syncToken: String? = nil
  ) {
    self.id = id
    self.name = name
    self.kind = kind
    self.source = source
    self.username = username
    self.passwordFile = passwordFile
    self.lastReadAt = lastReadAt
    self.lastError = lastError
    self.syncToken = syncToken
  }
}

/// One item of a followed calendar as last read: an `.ics` document, with where it came from in the
/// source (a vdir file name, a CalDAV href) and its version tag when the source gives one.
public struct CalendarItem: Sendable, Hashable {
  public var href: String
  public var etag: String?
  public var data: Data

  public init(href: String, etag: String? = nil, data: Data) {
    self.href = href
    self.etag = etag
    self.data = data
  }
}
